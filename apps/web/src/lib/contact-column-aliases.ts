import type { ContactImportColumn } from '@crm/domain'
import type { ColumnAliases } from './spreadsheet'

/**
 * Other names a contact column goes by in the files churches keep, in English and Spanish
 * (mapColumns already matches the column's own name in any case, with spaces, dashes or dots).
 * Every import of people reads them: the attendance import and import-and-share.
 */
export const contactColumnAliases: ColumnAliases<ContactImportColumn> = {
  first_name: ['First name', 'First', 'Given name', 'Forename', 'Nombre', 'Nombres', 'Primer nombre'],
  last_name: ['Last name', 'Last', 'Surname', 'Family name', 'Apellido', 'Apellidos'],
  gender: ['Sex', 'Género', 'Sexo'],
  phone: ['Phone number', 'Mobile', 'Cell', 'Telephone', 'Teléfono', 'Celular', 'Móvil'],
  email: ['Email address', 'Mail', 'Correo', 'Correo electrónico'],
  dob: ['Date of birth', 'Birth date', 'Birthday', 'Fecha de nacimiento'],
  age: ['Edad'],
  religion: ['Religión'],
  marital_status: ['Estado civil'],
  address_street: ['Street', 'Address', 'Street address', 'Calle', 'Dirección'],
  address_city: ['City', 'Suburb', 'Town', 'Ciudad', 'Localidad'],
  address_state: ['State', 'Province', 'Region', 'Estado', 'Provincia', 'Región'],
  address_postcode: ['Postcode', 'Post code', 'Postal code', 'Zip', 'Zip code', 'Código postal'],
  address_country: ['Country', 'País'],
  source: ['Origen', 'Fuente'],
  member_status: ['Membership', 'Member', 'Membresía', 'Estado de membresía'],
  consent_type: ['Consent', 'Consentimiento', 'Tipo de consentimiento'],
  consent_date: ['Fecha de consentimiento', 'Fecha del consentimiento'],
  consent_content: ['What was agreed', 'Consent notes', 'Lo acordado', 'Notas del consentimiento'],
  // The row's id in the system it comes from (issue 41 item 2); a known system's own name is its preset's.
  source_id: ['ID', 'External ID', 'Source ID', 'Id externo', 'ID de origen'],
  // A row's household and its role there (issue 41 item 4): the members are made relatives.
  household_id: ['Household', 'Family', 'Family ID', 'Household ID', 'Hogar', 'Familia', 'ID de familia'],
  family_role: ['Family Role', 'Household Role', 'Role', 'Papel en la familia', 'Rol familiar'],
}
