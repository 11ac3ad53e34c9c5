/** An app's verification, in words. */
export const APP_STATUS: Record<string, string> = {
  created: 'Not verified yet',
  in_review: 'In review',
  approved: 'Approved',
};
