// "How to play": the rules in short, in a dialog; Tab kept inside an open dialog.

import { api } from "./api.js";
import { $, el } from "./dom.js";
import { replay } from "./replay.js";

/**
 * "How to play": the rules in short from the server, for the rules of the game in the
 * URL (at a table, watching or joining) or else of the preset chosen in the lobby.
 */
export function setUpHelp() {
  const dialog = $("how-to-play");
  let opener = null;  // the control that opened the dialog: the focus goes back to it
  dialog.addEventListener("close", () => {
    const back = opener?.isConnected && opener.checkVisibility() ? opener : $("help-button");
    opener = null;
    back.focus();
  });
  dialog.addEventListener("keydown", (ev) => trapTab(dialog, ev));
  dialog.addEventListener("click", (ev) => {  // a tap on the backdrop, outside the dialog's box
    const box = dialog.getBoundingClientRect();
    const outside = ev.clientX < box.left || ev.clientX > box.right
      || ev.clientY < box.top || ev.clientY > box.bottom;
    if (ev.target === dialog && outside) dialog.close();
  });
  $("standin-confirm").addEventListener("keydown", (ev) => trapTab($("standin-confirm"), ev));
  $("newcomer-rules").addEventListener("click", (ev) => {  // the lobby's word to a newcomer
    ev.preventDefault();
    $("help-button").click();
  });
  $("help-button").addEventListener("click", async () => {
    opener = document.activeElement && document.activeElement !== document.body
      ? document.activeElement : $("help-button");
    const params = new URLSearchParams(location.search);
    const game = params.get("game") || params.get("watch") || params.get("join") || params.get("replay");
    const path = game ? `/api/games/${encodeURIComponent(game)}/how-to-play`
      : `/api/how-to-play?preset=${encodeURIComponent($("rules").value || "standard")}`;
    const known = game ? null : replay.data?.how_to_play;  // a record file's own rules
    $("help-body").replaceChildren(el("p", {}, ["Loading…"]));
    $("help-body").setAttribute("aria-busy", "true");
    $("help-game-rules").textContent = "";
    if (!dialog.open) dialog.showModal();
    try {
      const help = known || await api("GET", path);
      $("help-game-rules").textContent = help.rules_text;
      $("help-body").replaceChildren(...help.sections.flatMap((section) => [
        el("h3", {}, [section.title]),
        ...(section.title === GLOSSARY ? [glossary(section.paragraphs)]
          : section.paragraphs.map((text) => el("p", {}, [text]))),
      ]));
    } catch (e) {
      $("help-body").replaceChildren(el("p", { class: "error" }, [`Could not load the rules: ${e.message}`]));
    }
    $("help-body").removeAttribute("aria-busy");
  });
}

/** The title of How to play's list of the card players' words, each "Term: meaning". */
const GLOSSARY = "Words players use";

/** The card players' words as a list of terms, each with its meaning. */
function glossary(entries) {
  return el("dl", { class: "glossary" }, entries.flatMap((text) => {
    const [term, ...meaning] = text.split(": ");
    return [el("dt", {}, [term]), el("dd", {}, [meaning.join(": ")])];
  }));
}

/** Tab and Shift+Tab go round the controls of an open dialog, never out of it. */
function trapTab(dialog, ev) {
  if (ev.key !== "Tab") return;
  const items = [...dialog.querySelectorAll("a[href], button, input, select, textarea, [tabindex]")]
    .filter((n) => n.tabIndex >= 0 && !n.disabled && n.checkVisibility());
  if (!items.length) return;
  const first = items[0];
  const last = items.at(-1);
  const now = document.activeElement;
  if (ev.shiftKey && (now === first || !items.includes(now))) { ev.preventDefault(); last.focus(); }
  else if (!ev.shiftKey && (now === last || !items.includes(now))) { ev.preventDefault(); first.focus(); }
}
