/**
 * The content pages every site starts with, in each language of the interface (a page asked
 * for in another language is English). They are inserted once and then belong to the site's
 * administrators, so a restart never overwrites an edited page.
 */
export function defaultContentPages(siteName: string, supportEmail: string) {
  return [...englishPages(siteName, supportEmail), ...spanishPages(siteName, supportEmail)]
}

function englishPages(siteName: string, supportEmail: string) {
  const contact = `<a href="mailto:${supportEmail}">${supportEmail}</a>`
  const locale = 'en'
  return [
    {
      slug: 'privacy',
      locale,
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
      locale,
      title: 'Terms of Use',
      content_html: `
<p>By using ${siteName} you agree to use it only for the pastoral care and ministry of your church, chaplaincy or conference, and in line with its policies and the law.</p>
<ul><li>Keep your password to yourself and use a strong one.</li><li>Record only what you need to care for someone, and only with their consent (or a parent's or carer's consent for a minor).</li><li>Do not copy contacts out of the system for any other purpose.</li></ul>
<p>Questions: ${contact}.</p>`,
    },
    {
      slug: 'code-of-conduct',
      locale,
      title: 'Code of Conduct',
      content_html: `
<p>Everyone who uses ${siteName} represents their church and cares for people who trust them.</p>
<ul><li>Treat every person with dignity and respect, whatever their beliefs.</li><li>Keep what you learn in confidence; share it only with those who need it to care for the person.</li><li>Follow your church's child-safe policies: never contact a minor without the consent of a parent or carer.</li><li>Report any concern about the safety of a child or vulnerable person to your pastor or safeguarding officer straight away.</li></ul>
<p>Concerns about this system: ${contact}.</p>`,
    },
  ]
}

function spanishPages(siteName: string, supportEmail: string) {
  const contact = `<a href="mailto:${supportEmail}">${supportEmail}</a>`
  const locale = 'es'
  return [
    {
      slug: 'privacy',
      locale,
      title: 'Política de privacidad',
      content_html: `
<p>${siteName} ayuda a iglesias, capellanías y asociaciones a cuidar de las personas. Guardamos información personal, a menudo sensible, sobre la fe, las familias y los niños, y la tratamos con el cuidado que exigen la <em>Australian Privacy Act 1988</em> y los Australian Privacy Principles.</p>
<h2>Qué guardamos</h2>
<ul><li>Tu cuenta: nombre, correo electrónico, contraseña (guardada solo como un hash de un solo sentido), idioma e historial de inicios de sesión.</li><li>Los contactos que registra tu equipo: nombres, datos de contacto, participación en la iglesia, interacciones, notas y, para los menores, el consentimiento de un padre, madre o tutor.</li></ul>
<h2>Quién puede verla</h2>
<p>Solo los miembros del equipo que tiene un contacto pueden verlo, cada uno según su rol. Los datos de los niños solo se muestran a quienes tienen una verificación vigente para trabajar con niños y formación en protección. Las notas privadas se cifran en tu dispositivo con una clave creada a partir de tu contraseña: nadie más, ni siquiera nosotros, puede leerlas. Si restableces una contraseña olvidada, las notas privadas anteriores ya no se podrán leer.</p>
<h2>Tus opciones</h2>
<p>Puedes pedir ver o corregir la información que se guarda sobre ti, o pedir que se elimine, escribiendo a ${contact}. Puedes eliminar tu propia cuenta en cualquier momento desde tu perfil.</p>`,
    },
    {
      slug: 'terms',
      locale,
      title: 'Condiciones de uso',
      content_html: `
<p>Al usar ${siteName} aceptas usarlo solo para el cuidado pastoral y el ministerio de tu iglesia, capellanía o asociación, de acuerdo con sus normas y con la ley.</p>
<ul><li>No compartas tu contraseña y usa una segura.</li><li>Registra solo lo que necesitas para cuidar de alguien, y solo con su consentimiento (o el de un padre, madre o tutor en el caso de un menor).</li><li>No copies contactos fuera del sistema para ningún otro fin.</li></ul>
<p>Preguntas: ${contact}.</p>`,
    },
    {
      slug: 'code-of-conduct',
      locale,
      title: 'Código de conducta',
      content_html: `
<p>Quien usa ${siteName} representa a su iglesia y cuida de personas que confían en él.</p>
<ul><li>Trata a cada persona con dignidad y respeto, sean cuales sean sus creencias.</li><li>Guarda en confianza lo que sepas; compártelo solo con quienes lo necesiten para cuidar de la persona.</li><li>Sigue las normas de protección infantil de tu iglesia: nunca contactes a un menor sin el consentimiento de un padre, madre o tutor.</li><li>Informa de inmediato a tu pastor o a la persona responsable de protección de cualquier preocupación sobre la seguridad de un niño o de una persona vulnerable.</li></ul>
<p>Inquietudes sobre este sistema: ${contact}.</p>`,
    },
  ]
}
