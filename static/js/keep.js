// A redraw keeps what the player has open, chosen or focused (issue 38). The server's table
// comes again with every answer and poll (htmx swaps #table whole), and the phone
// draws its own while entries wait (static/js/offline.js): a form opened, a count chosen but
// not yet sent, the control in focus, all stay, in every game's table. A part is known by
// what it is for, the same in the server's table and the phone's: a form by its action and
// hidden fields (the deal, the seat: data-action, or its URL), a <details> by its class and
// its form, else its summary. What the server changed is the server's: a form that is gone
// is not brought back, nor a value the new table draws otherwise than the old one did; a
// form that was sent keeps nothing.
//
// An ES module imported once the page is up (static/js/table.js, and the table's view,
// static/js/offline.js), not with the deal screen's first load (docs/performance.md): a
// swap before it has come keeps nothing, as nothing was opened yet. A module runs once.
// The page's script shows again what a restore leaves hidden (a points keypad, the other
// team: table.js) on "scorekeeper:restored", said before the focus is put back.
const ROOTS = "#table";
const OWN = new Set(["idem", "csrfmiddlewaretoken"]);
const sent = new WeakSet();
const reopened = new WeakSet();
document.addEventListener("submit", (event) => sent.add(event.target), true);

const text = (element) => (element ? element.textContent.replace(/\s+/g, " ").trim() : "");
function formKey(form) {
  const hidden = Array.from(form.querySelectorAll("input[type=hidden]"))
    .filter((input) => !OWN.has(input.name))
    .map((input) => `${input.name}=${input.value}`)
    .sort();
  return [form.dataset.action || form.getAttribute("action") || "", ...hidden].join("&");
}
function detailsKey(details) {
  const form = details.querySelector("form");
  return `${details.className}|${form ? formKey(form) : text(details.querySelector("summary"))}`;
}
// Each element found by its key; the same key twice is told apart by its place.
function keyed(elements, keyOf) {
  const found = new Map();
  for (const element of elements) {
    const key = keyOf(element);
    let n = 0;
    while (found.has(`${key}#${n}`)) {
      n += 1;
    }
    found.set(`${key}#${n}`, element);
  }
  return found;
}
// A field as the page drew it, and as the player has it now.
function field(form, name) {
  const all = Array.from(form.elements).filter((each) => each.name === name);
  const first = all[0];
  if (!first || first.type === "hidden" || first.type === "submit" || first.type === "button") {
    return null;
  }
  if (first.type === "radio" || first.type === "checkbox") {
    const values = (pick) => all.filter(pick).map((each) => each.value).join("\n");
    return {
      drawn: values((each) => each.defaultChecked),
      now: values((each) => each.checked),
      set(value) {
        const chosen = value.split("\n");
        all.forEach((each) => {
          each.checked = chosen.includes(each.value);
        });
      },
    };
  }
  if (first.tagName === "SELECT") {
    const options = Array.from(first.options);
    const values = (pick) => options.filter(pick).map((each) => each.value).join("\n");
    return {
      drawn: values((each) => each.defaultSelected),
      now: values((each) => each.selected),
      set(value) {
        const chosen = value.split("\n");
        options.forEach((each) => {
          each.selected = chosen.includes(each.value);
        });
      },
    };
  }
  return {
    drawn: first.defaultValue,
    now: first.value,
    set(value) {
      first.value = value;
    },
  };
}
function names(form) {
  return new Set(Array.from(form.elements, (each) => each.name).filter(Boolean));
}

function capture(root) {
  if (!root || !root.matches || !root.matches(ROOTS)) {
    return null;
  }
  const open = [];
  for (const [key, details] of keyed(root.querySelectorAll("details"), detailsKey)) {
    const form = details.querySelector("form");
    if (details.open && !(form && sent.has(form))) {
      open.push(key);
    }
  }
  const chosen = new Map();
  for (const [key, form] of keyed(root.querySelectorAll("form"), formKey)) {
    if (sent.has(form)) {
      continue;
    }
    const changed = [];
    for (const name of names(form)) {
      const now = field(form, name);
      if (now && now.now !== now.drawn) {
        changed.push([name, now.drawn, now.now]);
      }
    }
    if (changed.length) {
      chosen.set(key, changed);
    }
  }
  let focus = null;
  const active = document.activeElement;
  if (active && root.contains(active) && active !== root) {
    const form = active.form || null;
    const details = active.tagName === "SUMMARY" && active.parentElement;
    const oneOfMany = ["radio", "checkbox"].includes(active.type) || active.tagName === "BUTTON";
    focus = {
      details: details ? detailsKey(details) : null,
      form: form && !sent.has(form) ? formKey(form) : null,
      name: active.name || "",
      value: oneOfMany ? active.value : null, // which of the fields of that name
      index: form ? Array.from(form.elements).indexOf(active) : -1, // a key of a keypad
      id: active.id,
      start: active.selectionStart,
      end: active.selectionEnd,
    };
  }
  return { id: root.id, open, chosen, focus, place: place(root, focus) };
}

// Where the player is: the control in focus (the key just tapped), else the form across
// the middle of the screen, and its top on the screen. A table of another length swapped in
// (a late answer: static/js/offline.js) puts it back there: the page does not move under
// the thumb.
function place(root, focus) {
  const active = document.activeElement;
  if (focus && focus.form && active) {
    return { focus, top: active.getBoundingClientRect().top };
  }
  const middle = window.innerHeight / 2;
  for (const [key, form] of keyed(root.querySelectorAll("form"), formKey)) {
    const box = form.getBoundingClientRect();
    if (!sent.has(form) && box.top <= middle && box.bottom >= middle) {
      return { form: key, top: box.top };
    }
  }
  return null;
}
function stayPut(forms, kept) {
  const at = kept.place;
  const found = at && (at.focus ? focused(forms, at.focus) : forms.get(at.form));
  const moved = found ? found.getBoundingClientRect().top - at.top : 0;
  if (moved) {
    window.scrollBy(0, moved);
  }
}
// The control `focus` (capture's) names, in the forms drawn now.
function focused(forms, focus) {
  const form = Array.from(forms.values()).find((each) => formKey(each) === focus.form);
  const fields = Array.from(form ? form.elements : []);
  const same = fields.filter((each) => focus.name && each.name === focus.name);
  return focus.name
    ? same.find((each) => focus.value === null || each.value === focus.value)
    : fields[focus.index];
}

function restore(kept) {
  const root = kept && document.getElementById(kept.id);
  if (!root) {
    return;
  }
  const details = keyed(root.querySelectorAll("details"), detailsKey);
  for (const key of kept.open) {
    const again = details.get(key);
    if (again && !again.open) {
      reopened.add(again); // no scrolling for it: it was open already
      again.open = true;
    }
  }
  const forms = keyed(root.querySelectorAll("form"), formKey);
  for (const [key, changed] of kept.chosen) {
    const form = forms.get(key);
    for (const [name, drawn, now] of form ? changed : []) {
      const again = field(form, name);
      if (again && again.drawn === drawn) {
        again.set(now); // drawn as before: the player's choice stands
      }
    }
  }
  // What the page's script shows of them (a points keypad, the other team: table.js), before
  // the focus goes back to a key of that keypad.
  root.dispatchEvent(new CustomEvent("scorekeeper:restored", { bubbles: true }));
  if (kept.stay) {
    stayPut(forms, kept);
  }
  const focus = kept.focus;
  const lost = !document.activeElement || document.activeElement === document.body;
  if (focus && lost) {
    let target = null;
    if (focus.details) {
      const again = details.get(`${focus.details}#0`);
      target = again && again.querySelector("summary");
    } else if (focus.form) {
      target = focused(forms, focus);
    } else if (focus.id) {
      target = document.getElementById(focus.id);
    }
    if (target && root.contains(target)) {
      target.focus({ preventScroll: true });
      if (focus.start !== null && focus.start !== undefined && target.setSelectionRange) {
        try {
          target.setSelectionRange(focus.start, focus.end);
        } catch (error) {
          // a field without a selection (a number): the focus is enough
        }
      }
    }
  }
}

// htmx's own swaps (the poll, an answer it swaps itself); offline.js holds one for its own.
let pending = null;
document.addEventListener("htmx:beforeSwap", (event) => {
  pending = capture(event.detail.target);
});
document.addEventListener("htmx:afterSwap", () => {
  const kept = pending;
  pending = null;
  restore(kept);
});
document.addEventListener("htmx:afterRequest", () => {
  pending = null;
});
// What capture() took, for the next swap (the table's view swaps the server's answer in);
// `stay`: the control in focus (else the form across the middle) stays where it was on the
// screen.
export function hold(kept, stay = false) {
  pending = kept && { ...kept, stay };
}

export { capture, restore, reopened };
