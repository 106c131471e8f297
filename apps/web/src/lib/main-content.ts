/** The page's main region: the skip link's target, and where focus goes when what had it is gone. */
export const mainContentId = "main";
