/** The keyset position of a record in a list: its sort time and its id (for ties). */
export interface PagePosition {
  at: Date;
  id: string;
}
