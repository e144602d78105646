// The result card: the final standings as a PNG, shared with the phone's share sheet
// where there is one (Web Share with a file), else downloaded. Every word and figure on it
// comes from the page (the "result-card" data the server wrote: places, names, totals,
// the winners' line, the date); this module only places them on a canvas.

export const SIZE = 1080; // a square image, as chat apps show best
const INK = "#1c1b19";
const MUTED = "#5b5750";
const ACCENT = "#0b5c46";
const ON_ACCENT = "#ffffff";
const WINNER_ROW = "#dcefe7";
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif';

function fitted(context, text, width) {
  // A name too long for its place ends with an ellipsis.
  if (context.measureText(text).width <= width) {
    return text;
  }
  let cut = text;
  while (cut.length > 1 && context.measureText(`${cut}…`).width > width) {
    cut = cut.slice(0, -1);
  }
  return `${cut}…`;
}

export function draw(card) {
  const canvas = document.createElement("canvas");
  canvas.width = SIZE;
  canvas.height = SIZE;
  const context = canvas.getContext("2d");
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, SIZE, SIZE);

  // The band: the game and the day.
  context.fillStyle = ACCENT;
  context.fillRect(0, 0, SIZE, 190);
  context.fillStyle = ON_ACCENT;
  context.textBaseline = "alphabetic";
  context.textAlign = "left";
  context.font = `700 64px ${FONT}`;
  context.fillText(fitted(context, card.game, SIZE - 120), 60, 100);
  context.font = `400 36px ${FONT}`;
  context.fillText(card.date, 60, 155);

  // The winners' line.
  context.fillStyle = ACCENT;
  context.font = `700 52px ${FONT}`;
  context.fillText(fitted(context, card.headline, SIZE - 120), 60, 280);

  // One line a player or team, best first, as the server placed them.
  const lines = card.lines.slice(0, 8);
  const step = Math.min(84, Math.floor(640 / Math.max(lines.length, 1)));
  let y = 340;
  for (const line of lines) {
    if (line.winner) {
      context.fillStyle = WINNER_ROW;
      context.fillRect(40, y, SIZE - 80, step - 8);
    }
    const baseline = y + step * 0.66;
    context.font = `700 48px ${FONT}`;
    context.fillStyle = MUTED;
    context.textAlign = "left";
    context.fillText(line.place, 60, baseline);
    context.fillStyle = INK;
    context.fillText(fitted(context, line.name, 620), 170, baseline);
    context.textAlign = "right";
    context.fillText(line.total, SIZE - 60, baseline);
    y += step;
  }

  context.textAlign = "right";
  context.fillStyle = MUTED;
  context.font = `400 30px ${FONT}`;
  context.fillText(card.footer, SIZE - 60, SIZE - 40);
  return canvas;
}

function png(canvas) {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no image"))), "image/png");
  });
}

async function share(card) {
  const blob = await png(draw(card));
  const file = new File([blob], card.file, { type: "image/png" });
  if (navigator.canShare && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: card.game });
      return;
    } catch (error) {
      if (error.name === "AbortError") {
        return; // the share sheet was closed: nothing to do
      }
      // Refused (no activation left, a policy): saved instead.
    }
  }
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = card.file;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// Each button of the page that offers a card, shown and wired once (a swap brings new ones).
export function offer() {
  for (const holder of document.querySelectorAll("[data-result-card]")) {
    const button = holder.querySelector("[data-result-card-button]");
    const data = holder.querySelector("script[type='application/json']");
    if (!button || !data || button.dataset.wired) {
      continue;
    }
    const card = JSON.parse(data.textContent);
    button.dataset.wired = "true";
    button.hidden = false;
    button.addEventListener("click", () => {
      share(card).catch(() => {}); // the page goes on without the image
    });
  }
}
