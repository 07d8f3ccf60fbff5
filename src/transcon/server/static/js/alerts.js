// Telling a player it became their turn: a short sound and a mark in the tab's title.

import { prefs } from "./dom.js";

let audio = null;

export function ding() {
  document.body.dataset.turnAlerts = String(Number(document.body.dataset.turnAlerts || 0) + 1);
  if (!prefs().sound) return;
  try {
    audio = audio || new AudioContext();
    if (audio.state === "suspended") audio.resume();
    const start = audio.currentTime;
    for (const [offset, pitch] of [[0, 660], [0.14, 880]]) {
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = pitch;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      tone.connect(gain).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.3);
    }
  } catch {
    // No audio device: the title mark still shows.
  }
}

/** The tab title, with a mark while it is your turn. */
export function setTitle(text, yourTurn) {
  document.title = `${yourTurn ? "● Your turn · " : ""}${text} · Transcon`;
}
