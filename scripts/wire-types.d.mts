export const WIRE_TYPES: string;
export function wireTypes(document?: URL | Record<string, unknown>): Promise<string>;
