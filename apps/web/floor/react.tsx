import { createRoot } from 'react-dom/client'
import { cells, columns, rows } from './rows'

// The floor of the stack, part 1: React alone renders /contacts' first page as plain HTML
// elements with a few lines of CSS. What Lighthouse gives this is what React costs on this
// machine under its 4× slower processor (scripts/lighthouse-floor.mjs).
function Page() {
  return (
    <>
      <header style={{ height: 60, borderBottom: '1px solid #dee2e6', display: 'flex', alignItems: 'center', padding: '0 16px' }}>
        <strong>Hope Street Church</strong>
      </header>
      <main style={{ padding: 16 }}>
        <h1 style={{ fontSize: 26 }}>My contacts</h1>
        <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label="All contacts in team">
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} style={{ textAlign: 'left', padding: 8 }}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td style={{ padding: 8 }}>
                  <a href={`/contacts/${row.id}`}>{row.name}</a>
                </td>
                {cells(row).map((value, index) => (
                  <td key={index} style={{ padding: 8 }}>
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </main>
    </>
  )
}

createRoot(document.getElementById('root')!).render(<Page />)
