// Input protection for the controls of an extension page that open pages, against
// double-clickjacking: a page makes the first press of a double-click (or of a "click fast" game)
// bring one of our pages up under the pointer (a navigation to a uri-list: link shows the preview
// page), and the second press lands on its Open button. Browsers guard their own prompts the
// same way: a press counts only once the control has been on screen, in a focused page, for a
// moment; and a press that follows another on the same control within that moment (a burst of
// clicks) does not count either.
//
// - The moment restarts whenever the page is hidden or loses the focus (another tab, another
//   window, the page coming back from the back-forward cache): only `document.visibilityState`
//   "visible" together with `document.hasFocus()` counts as shown.
// - A pointer press (mouse, pen, touch) counts when it comes INPUT_DELAY_MS after the page was
//   shown and the control became visible, and INPUT_DELAY_MS after the previous pointer press on
//   the same control. A key counts when its keydown comes INPUT_DELAY_MS after the page was shown
//   and is not an auto-repeat (a held Enter). A click with neither (assistive technology) counts
//   when the page has been shown that long.
// - While a control does not count yet it says so: `aria-disabled="true"` (read out by screen
//   readers, and drawn striped and faded: not only a colour) and a line that says it will be
//   active in a moment; the person's press then is refused with words, never silently.
//
// The delay: Firefox keeps the buttons of its own security dialogs (add-on installs, downloads,
// external protocols) inactive for `security.dialog_enable_delay`, 1000 ms; Chromium's permission
// prompts and download bubble ignore presses within the system's double-click time of being
// shown (views::InputEventActivationProtector, 500 ms by default on Windows and Linux). 700 ms is
// past every default double-click time (500 ms on Windows and GNOME; a person's second press
// lands 100-300 ms after the first), and short enough not to be noticed by someone who reads
// the page before pressing Open.

/** How long a control must have been shown, in a focused page, before a press on it counts. */
export const INPUT_DELAY_MS = 700;

/**
 * Protects the controls matched by `selector` (whose activation opens or saves something) in this
 * document. `onRefused(control)` is called when a person's press on one did not count (to say so).
 * Returns `{start(), allows(event)}`: `start()` once the controls are on screen; `allows(event)`,
 * in a control's click handler, whether this click may act (it also calls `onRefused`).
 *
 * @param {{selector: string, marked: string, hint: HTMLElement, onRefused: (control: Element) => void}} options
 *   `marked`: those of the controls that say when they are not active yet (buttons; the many
 *   links of a long list are guarded alike, but not marked one by one); `hint`: the line shown
 *   while they are not active yet (each marked control's `aria-describedby` then)
 */
export function guardInput({ selector, marked, hint, onRefused }) {
  /** When the page was last shown and focused with the controls visible (performance.now()), or null. */
  let shownAt = null;
  let started = false;
  /** The person's last pointer press: `{at, control, before}` (`before`: the press before it on that control). */
  let lastPointer = null;
  /** The last keydown: `{at, repeat}`. */
  let lastKey = null;
  /** When a control was last taken at a press (performance.now()): later presses of its burst are quietly refused. */
  let lastTaken = -Infinity;
  /** Per control, when it was last pressed with a pointer. */
  const pressedAt = new WeakMap();
  let timer = 0;

  const isShown = () => document.visibilityState === 'visible' && document.hasFocus();
  const controls = () => /** @type {HTMLElement[]} */ ([...document.querySelectorAll(marked)]);

  /** How long until `control` takes a press (0: now; Infinity: not while the page is not shown). */
  function wait(control) {
    if (shownAt === null) return Infinity;
    const now = performance.now();
    return Math.max(0, shownAt + INPUT_DELAY_MS - now, (pressedAt.get(control) ?? -Infinity) + INPUT_DELAY_MS - now);
  }

  /** Marks each control active or not, and schedules the next change. */
  function render() {
    clearTimeout(timer);
    let next = Infinity;
    let waiting = false;
    for (const control of controls()) {
      const left = wait(control);
      if (left === 0) {
        control.removeAttribute('aria-disabled');
        if (control.getAttribute('aria-describedby') === hint.id) control.removeAttribute('aria-describedby');
      } else {
        waiting = true;
        next = Math.min(next, left);
        control.setAttribute('aria-disabled', 'true');
        if (!control.hasAttribute('aria-describedby')) control.setAttribute('aria-describedby', hint.id);
      }
    }
    hint.hidden = !waiting || !started;
    document.documentElement.dataset.inputReady = String(!waiting);
    if (Number.isFinite(next)) timer = setTimeout(render, next + 5);
  }

  /** The page was shown or hidden, focused or not: the moment restarts when it is shown again. */
  function update(restart = false) {
    if (!started) return;
    if (!isShown()) shownAt = null;
    else if (shownAt === null || restart) shownAt = performance.now();
    render();
  }

  document.addEventListener('visibilitychange', () => update(true));
  window.addEventListener('focus', () => update(true));
  window.addEventListener('blur', () => update());
  window.addEventListener('pageshow', () => update(true));

  // Capture phase on window: the press is noted before anything on the page handles it. A
  // pointer press on a control starts its moment again (a burst of presses never counts).
  window.addEventListener('pointerdown', (event) => {
    if (!event.isTrusted) return;
    const control = event.target instanceof Element ? event.target.closest(selector) : null;
    const at = performance.now();
    lastPointer = { at, control, before: control ? (pressedAt.get(control) ?? -Infinity) : -Infinity };
    if (control) {
      pressedAt.set(control, at);
      if (started) render();
    }
  }, true);
  window.addEventListener('keydown', (event) => {
    if (event.isTrusted) lastKey = { at: performance.now(), repeat: event.repeat };
  }, true);

  /** Whether a press at `at` (performance.now()) comes late enough after the page was shown. */
  const lateEnough = (at) => shownAt !== null && at - shownAt >= INPUT_DELAY_MS;

  return {
    start() {
      started = true;
      update(true);
    },
    /** @param {MouseEvent} event a click (or auxclick) on a control */
    allows(event) {
      if (!event.isTrusted || !started) return false;
      const control = event.target instanceof Element ? event.target.closest(selector) : null;
      let ok;
      let burst = false;
      if (!isShown()) ok = false;
      else if (event.detail > 0 && lastPointer && lastPointer.control === control) {
        // A pointer's click: its press, late enough, and not the next of a burst on this control.
        burst = lastPointer.at - lastPointer.before < INPUT_DELAY_MS;
        ok = lateEnough(lastPointer.at) && !burst;
      } else if (event.detail === 0 && lastKey && performance.now() - lastKey.at < 1000) {
        // A key's click (Enter at its keydown, Space at its keyup).
        ok = !lastKey.repeat && lateEnough(lastKey.at);
      } else {
        ok = event.detail === 0 && lateEnough(performance.now());
      }
      if (ok) lastTaken = performance.now();
      // The rest of a burst whose first press was taken (a person's double-click on Open) needs no words.
      else if (control && !(burst && performance.now() - lastTaken < 2 * INPUT_DELAY_MS)) onRefused(control);
      return ok;
    },
  };
}
