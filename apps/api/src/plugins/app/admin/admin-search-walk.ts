/**
 * How many rows of an admin list a search walks in the list's own order before it stops trying to fill
 * its page that way (ADR 017): ~150 blocks of posts or accounts. A word that matches one row in a few
 * hundred fills a page within it whatever else it names, where an index step would read every match;
 * a rarer search is then answered from its index (or, for a moderation search no index can narrow,
 * from the walk so far, continued on "Load more").
 */
export const ADMIN_SEARCH_WALK = 5_000;
