// Words: lists, plurals, capitals and sentences, as the page writes them.

/** "a, b and c". */
export function wordList(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** A name with a number after it ("Ann 3"), with a colon where the name ends in a digit
 *  ("Expert 1: 0"), so the number cannot be read as part of the name. */
export const nameAndPoints = (name, n) => (/\d$/.test(name) ? `${name}: ${n}` : `${name} ${n}`);

export const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "a sentence" -> "A sentence." */
export const sentence = (text) => (text ? capital(text) + (/[.!?]$/.test(text) ? "" : ".") : "");

export const capital = (text) => text[0].toUpperCase() + text.slice(1);
