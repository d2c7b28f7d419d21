// Small DOM helpers: find and make elements, set text and the title.

/** Whether the player asked for less motion (the system's "reduce motion"). */
export const calm = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

export const $ = (id) => document.getElementById(id);

/** Make an element: el("p", {class: "x"}, ["text", child]). */
export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
}

/** The page's title, which a tab, a window list and a screen reader name it by. */
export function setTitle(text) {
  const title = text ? `${text} – Cutthroat euchre` : "Cutthroat euchre";
  if (document.title !== title) document.title = title;
}

/** Set a node's text only when it changes (a live region says each change). */
export function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}
