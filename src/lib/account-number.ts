/** A US bank account number as the service takes it (the vendor's OpenAPI: 7 to 17 digits). */
export const ACCOUNT_NUMBER = /^\d{7,17}$/;
export const ACCOUNT_NUMBER_RULE = 'An account number has 7 to 17 digits';
