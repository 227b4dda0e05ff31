/**
 * The content pages every site starts with. They are inserted once and then belong to
 * the site's administrators, so a restart never overwrites an edited page.
 */
export function defaultContentPages(siteName: string, supportEmail: string) {
  const contact = `<a href="mailto:${supportEmail}">${supportEmail}</a>`
  return [
    {
      slug: 'privacy',
      title: 'Privacy Policy',
      content_html: `
<p>${siteName} helps churches, chaplaincies and conferences care for people. We hold personal information, often sensitive information about faith, families and children, and we treat it with the care the <em>Australian Privacy Act 1988</em> and the Australian Privacy Principles require.</p>
<h2>What we hold</h2>
<ul><li>Your account: name, email, password (stored only as a one-way hash), language and sign-in history.</li><li>Contacts your team records: names, contact details, church involvement, interactions, notes and, for minors, the consent of a parent or carer.</li></ul>
<h2>Who can see it</h2>
<p>Only members of the team that holds a contact can see it, each according to their role. Details of children are shown only to people with a current Working with Children Check and safeguarding training. Private notes are encrypted on your device with a key made from your password: nobody else, including us, can read them. If you reset a forgotten password, earlier private notes cannot be read any more.</p>
<h2>Your choices</h2>
<p>You can ask to see or correct the information held about you, or ask for it to be removed, by writing to ${contact}. You can remove your own account at any time from your profile.</p>`,
    },
    {
      slug: 'terms',
      title: 'Terms of Use',
      content_html: `
<p>By using ${siteName} you agree to use it only for the pastoral care and ministry of your church, chaplaincy or conference, and in line with its policies and the law.</p>
<ul><li>Keep your password to yourself and use a strong one.</li><li>Record only what you need to care for someone, and only with their consent (or a parent's or carer's consent for a minor).</li><li>Do not copy contacts out of the system for any other purpose.</li></ul>
<p>Questions: ${contact}.</p>`,
    },
    {
      slug: 'code-of-conduct',
      title: 'Code of Conduct',
      content_html: `
<p>Everyone who uses ${siteName} represents their church and cares for people who trust them.</p>
<ul><li>Treat every person with dignity and respect, whatever their beliefs.</li><li>Keep what you learn in confidence; share it only with those who need it to care for the person.</li><li>Follow your church's child-safe policies: never contact a minor without the consent of a parent or carer.</li><li>Report any concern about the safety of a child or vulnerable person to your pastor or safeguarding officer straight away.</li></ul>
<p>Concerns about this system: ${contact}.</p>`,
    },
  ]
}
