export const VENDOR_OPENAPI: string;
export const PRISM: string;
export function prismMissing(): string | null;
