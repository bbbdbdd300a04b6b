// The page's elements by id: one helper for every controller (ids are listed in index.html).

/** The element with this id (null when the page has none). */
export const $ = (id) => document.getElementById(id);
