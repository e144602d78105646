// The table of a game scored round by round, drawn on this phone while entries wait
// (static/js/offline.js): the totals as the server last sent them, and the next round's
// form as the server drew it ahead with the game's own template (games/views/offline.py,
// rounds_ahead). Scores wait for the server: nothing here decides a rule.
(function (root) {
  "use strict";

  const { escape, newKey, undoRow, pendingNote } = root.scorekeeperOfflineTable;

  // A label's own words: without the hints, badges and hidden words beside them, or the
  // control it holds ("Contract", not "Contract 100–400, steps of 5").
  function wordsOf(label) {
    const copy = label.cloneNode(true);
    for (const extra of copy.querySelectorAll(
      ".muted, .visually-hidden, .dealer-tag, [aria-hidden=true], select, input, br",
    )) {
      extra.replaceWith(" ");
    }
    return copy.textContent;
  }

  // The words a control of the form drawn ahead is known by: its label, else its own name.
  function labelOf(control, holder) {
    const byFor = control.id && holder.querySelector(`label[for="${control.id}"]`);
    if (byFor) {
      return wordsOf(byFor);
    }
    if (control.getAttribute("aria-label")) {
      return control.getAttribute("aria-label");
    }
    const around = control.closest("label");
    return around ? wordsOf(around) : control.name;
  }

  const clean = (text) => text.replace(/\s+/g, " ").trim();
  // A number as the server writes it: "−5", with the true minus sign.
  const signed = (value) => String(value).replace(/^-(?=\d)/, "\u2212");
  // "Anna: bid" + "1" -> "Anna: bid 1"; "♦ diamonds (80)" + "A" -> "♦ diamonds (80): A".
  const joined = (label, value) =>
    label.includes(":") ? `${label} ${value}` : `${label}: ${value}`;

  // The fieldsets a control sits in, outermost first, by their visible legends ("Anna",
  // "Loot: allied with"): the group its words go under.
  function groupOf(control, form) {
    const legends = [];
    for (let box = control.closest("fieldset"); box && form.contains(box);) {
      const legend = box.querySelector(":scope > legend");
      // A row of keys (data-label) says its own words with its value: "Anna: bid 1".
      if (legend && !legend.classList.contains("visually-hidden") && !box.dataset.label) {
        legends.unshift(clean(legend.textContent));
      }
      box = box.parentElement && box.parentElement.closest("fieldset");
    }
    return legends.join(" · ");
  }

  // A round kept on this phone, said with the words of its own form (drawn ahead by the
  // server): "Anna: bid 1, Ben: bid 0", "Card points (…) · A 57, B 38". What a form has by
  // default is left out.
  function said(holder, fields) {
    const groups = new Map();
    const add = (control, part) => {
      const group = groupOf(control, holder);
      groups.set(group, [...(groups.get(group) || []), part]);
    };
    for (const [name, value] of Object.entries(fields)) {
      const controls = Array.from(holder.querySelectorAll("[name]")).filter(
        (each) => each.name === name,
      );
      const control = controls[0];
      if (!control || (control.type === "hidden" && !control.dataset.label)) {
        continue;
      }
      const row = control.closest("[data-label]");
      if (control.type === "hidden") {
        add(control, joined(control.dataset.label, signed(value))); // a bid made before the play
      } else if (control.type === "radio" && row) {
        // A row of keys: "Anna: bid 1"; its key checked by default (0 bonuses) goes unsaid.
        const chosen = controls.find((each) => each.value === value) || control;
        if (!chosen.defaultChecked) {
          add(chosen, joined(row.dataset.label, clean(labelOf(chosen, holder))));
        }
      } else if (control.type === "radio" || control.type === "checkbox") {
        const chosen = controls.find((each) => each.value === value) || control;
        add(chosen, clean(labelOf(chosen, holder)));
      } else if (control.tagName === "SELECT") {
        const option = Array.from(control.options).find((each) => each.value === value);
        const fallback = control.querySelector("option[selected]") || control.options[0];
        if (option && option !== fallback) {
          add(control, joined(clean(labelOf(control, holder)), clean(option.textContent)));
        }
      } else if (value !== "") {
        add(control, `${clean(labelOf(control, holder))} ${signed(value)}`);
      }
    }
    // Each player named once: "Anna: bid 1", "Anna: tricks taken 1" and the bonuses under
    // "Anna" make "Anna: bid 1, tricks taken 1, Black 14".
    const named = new Map();
    for (const [group, parts] of groups) {
      for (const part of parts) {
        const at = group ? -1 : part.indexOf(": ");
        const who = group || (at > 0 ? part.slice(0, at) : "");
        const one = named.get(who) || { joint: group ? " · " : ": ", parts: [] };
        one.parts.push(at > 0 ? part.slice(at + 2) : part);
        named.set(who, one);
      }
    }
    return Array.from(named, ([who, { joint, parts }]) =>
      who ? `${who}${joint}${parts.join(", ")}` : parts.join(", "),
    ).join("; ");
  }

  function keptRounds(ahead, entered) {
    const lines = entered
      .map(({ number, phase, fields }) => {
        const html = ahead.forms[`${number}:${phase || "play"}`];
        if (!html) {
          return "";
        }
        const holder = document.createElement("div");
        holder.innerHTML = html;
        const title = holder.querySelector("#round-title");
        return `<li><strong>${escape(title ? title.textContent : String(number))}</strong> ${pendingNote(ahead.words)}: ${escape(said(holder, fields))}</li>`;
      })
      .join("");
    return lines ? `<ol class="kept kept-rounds">${lines}</ol>` : "";
  }

  // The form drawn ahead, with a fresh once-only key and the bids already in.
  function formFor(html, bids) {
    const holder = document.createElement("div");
    holder.innerHTML = html;
    for (const key of holder.querySelectorAll("input[name=idem]")) {
      key.value = newKey();
      key.setAttribute("value", key.value);
    }
    for (const [name, value] of Object.entries(bids || {})) {
      for (const shown of holder.querySelectorAll(`[data-bid-of="${name}"]`)) {
        shown.textContent = value; // "Bid 1" beside the player's tricks
      }
      for (const field of holder.querySelectorAll(`input[name="${name}"]`)) {
        if (field.type === "hidden") {
          field.setAttribute("value", value);
        } else if (field.type === "radio") {
          field.toggleAttribute("checked", field.value === value);
        }
      }
      for (const option of holder.querySelectorAll(`select[name="${name}"] option`)) {
        if (option.value === value) {
          option.setAttribute("selected", "");
        } else {
          option.removeAttribute("selected");
        }
      }
    }
    return holder.innerHTML;
  }

  root.scorekeeperOfflineTable.games.rounds = (server, ahead, view, chosen, serverTable) => {
    const words = ahead.words;
    const state = view.state;
    const chips = serverTable && serverTable.querySelector(".score-chips");
    const html =
      !state.ended && state.number && ahead.forms[`${state.number}:${state.phase || "play"}`];
    // The call for the bids kept, looked up by their sum (the server worked each one out).
    const calls = (ahead.lookups.calls || {})[state.number];
    const sum = Object.values(state.bids || {}).reduce((all, bid) => all + Number(bid), 0);
    const call = state.phase === "play" && calls && calls[sum];
    return [
      undoRow(words),
      chips ? chips.outerHTML : "",
      keptRounds(ahead, view.entered || []),
      `<p class="small muted">${escape(words.later)}</p>`,
      call ? `<p class="announcement call-even">${escape(call)}</p>` : "",
      html ? formFor(html, state.bids) : `<p class="panel">${escape(words.no_form)}</p>`,
    ].join("");
  };
})(window);
