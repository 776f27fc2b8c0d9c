/** The link slots of the regulatory information (calls/regulatory.ts): the most links the page shows. */
export const regulatoryLinkSlots = [1, 2, 3] as const;
