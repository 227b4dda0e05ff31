import type { Transfer, TransferEdit, TransferItemResponse, TransferListItem } from '@crm/domain'

export function buildTransferListItem(overrides: Partial<TransferListItem> & Pick<TransferListItem, 'id'>): TransferListItem {
  return {
    user_id: 40,
    user_name: 'Paul Green',
    from_team_name: 'Grace Church',
    to_team_name: 'Hope Chapel',
    date: '2027-03-01',
    date_display: '1 Mar 2027',
    created_display: '1 Jan 2027',
    is_processed: false,
    move_count: 0,
    share_count: 0,
    ...overrides,
  }
}

export function buildTransfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: 5,
    user_id: 40,
    user_name: 'Paul Green',
    user_email: 'paul@example.test',
    from_conference_id: 1,
    from_conference_name: 'North Conference',
    from_team_id: 11,
    from_team_name: 'Grace Church',
    from_team_address_formatted_break: '1 Main St\nSpringfield NSW 2000',
    to_conference_id: 1,
    to_conference_name: 'North Conference',
    to_team_id: 12,
    to_team_name: 'Hope Chapel',
    to_team_address_formatted_break: '9 Hill Rd\nShelbyville NSW 2001',
    date: '2027-03-01',
    date_display: '1 Mar 2027',
    created: '2027-01-01T10:00:00.000Z',
    created_display: '1 Jan 2027',
    is_processed: false,
    processed_display: null,
    move_contact_ids: [],
    share_contact_ids: [],
    contacts: [],
    ...overrides,
  }
}

export function editOf(transfer: Transfer): TransferEdit {
  return {
    from_conference_id: transfer.from_conference_id,
    from_conference_name: transfer.from_conference_name,
    to_conference_id: transfer.to_conference_id,
    to_conference_name: transfer.to_conference_name,
    from_team_id: transfer.from_team_id,
    from_team_name: transfer.from_team_name,
    to_team_id: transfer.to_team_id,
    to_team_name: transfer.to_team_name,
    user_id: transfer.user_id,
    user_name: transfer.user_name,
    date: transfer.date,
  }
}

/** GET transfer/{id} as the conference's staff read an upcoming transfer. */
export function buildTransferItem(
  transfer: Transfer = buildTransfer(),
  flags: Partial<Omit<TransferItemResponse, 'data_view' | 'data_edit'>> = {},
): TransferItemResponse {
  const upcoming = !transfer.is_processed
  return {
    data_view: transfer,
    data_edit: upcoming ? editOf(transfer) : null,
    can_update: upcoming,
    can_select_contacts: false,
    can_read_contacts: true,
    can_process: upcoming && transfer.date === null,
    ...flags,
  }
}
