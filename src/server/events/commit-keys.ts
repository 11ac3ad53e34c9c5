/**
 * An event's writes share a commit with those of the events received at the same time (db/group-commit.ts). These
 * keys order a group's rows, every event before every object (`e:` < `o:`), so that two servers lock them in one
 * order. Kept together so that the order is read in one place.
 */
export const eventKey = (webhookId: string) => `e:${webhookId}`;

export const objectKey = (orgId: string, kind: string, objectId: string) => `o:${orgId}:${kind}:${objectId}`;
