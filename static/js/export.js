// The score sheet's Print and Copy buttons (templates/games/export_sheet.html).
// Without JavaScript the buttons stay hidden: the browser's own Print works, and
// the summary can be selected by hand.

for (const button of document.querySelectorAll("[data-print], [data-copy]")) {
  button.hidden = false;
}

document.addEventListener("click", (event) => {
  const print = event.target.closest && event.target.closest("[data-print]");
  if (print) {
    window.print();
    return;
  }
  const copy = event.target.closest && event.target.closest("[data-copy]");
  if (!copy) {
    return;
  }
  const field = document.getElementById(copy.dataset.copy);
  if (!field) {
    return;
  }
  const done = () => {
    // Heard through the page's live region (static/js/app.js).
    document.dispatchEvent(new CustomEvent("announce", { detail: { value: copy.dataset.copied } }));
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(done, () => {});
  } else {
    // Plain http on a home network has no clipboard API: copy the selection.
    field.select();
    if (document.execCommand("copy")) {
      done();
    }
  }
});
