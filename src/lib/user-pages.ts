/** The contact details' place on a user's onboarding page: the user's page and the palette link straight to it. */
export const CONTACT_DETAILS_ANCHOR = 'contact-details';

export const contactDetailsPath = (userId: string) => `/users/${userId}/onboarding#${CONTACT_DETAILS_ANCHOR}`;
