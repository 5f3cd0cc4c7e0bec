// A call that asks for words (the Wide Shot's "What does Ada see?") lands in the field itself,
// ready to type; the others scroll to their part as any link does. (The title that follows
// the calls is title.js's.)
// A call that asks for a move (the Scene ending: "lock in now") lands with the moves at the
// foot of the screen, the dice they are about in sight above them.
document.addEventListener("click", (event) => {
  const link = event.target.closest(".call-link");
  const field = link && document.getElementById(link.hash.slice(1));
  if (field?.matches("[data-call-lands-last]")) {
    event.preventDefault();
    field.scrollIntoView({ block: "end" });
    return;
  }
  if (!field || !field.matches("input, textarea, select")) return;
  event.preventDefault();
  field.focus({ preventScroll: true });
  // Its card from the top, just below the pinned banners (the page's scroll-padding-top is
  // their height, site.css): centred on the field, the card's heading went under the banner.
  // A card too long for the field to show with its heading: the field, in the middle.
  field.closest(".panel")?.scrollIntoView({ block: "start" });
  const box = field.getBoundingClientRect();
  const style = getComputedStyle(document.documentElement);
  const bar = parseFloat(style.getPropertyValue("--hero-bar-height")) || 0;
  if (box.top < 0 || box.bottom > window.innerHeight - bar) field.scrollIntoView({ block: "center" });
});

// The banner pinned at the top of the phone: its real height goes in --calls-height, so the page
// pads for it and a control never scrolls to a place under it (as hero-bar.js does at the foot).
// Every call reads whole, wrapped: a second call longer than one line ("Sam 'Anvil'
// Okafor-Whitlock: roll for the Group Gamble" at 360 wide) goes into the fold under the first,
// "1 more waiting on you", so the banner stays small. A handout's call keeps its place: its
// picture is to be seen without a tap, and its caption wraps small beside it (site.css).
(() => {
  const calls = document.querySelector("[data-calls]");
  if (!calls) return;
  const foldLong = () => {
    const more = calls.querySelector(".calls-more");
    const second = calls.querySelector(".call-banner > ul > li:nth-child(2):not(.calls-more)");
    if (!more || !second || second.matches(".call-handout")) return;
    const words = second.querySelector(".call-text");
    words.style.whiteSpace = "nowrap";
    const long = words.scrollWidth > words.clientWidth;
    words.style.whiteSpace = "";
    if (!long) return;
    more.querySelector("details > ul").prepend(second);
    const count = more.querySelector("[data-calls-more]");
    count.textContent = String(Number(count.textContent) + 1);
    more.hidden = false;
  };
  // A handout's call put away by its "×" stays away while that handout is on show (through the
  // live redraws and a reload: kept for the tab); once none is, the next one is called again.
  const KEY = "handout-call-put-away";
  const remember = (value) => {
    try {
      if (value) sessionStorage.setItem(KEY, value);
      else sessionStorage.removeItem(KEY);
    } catch {
      // No storage: put away for this page only.
    }
  };
  let putAway = null;
  try {
    putAway = sessionStorage.getItem(KEY);
  } catch {
    putAway = null;
  }
  const hideHandout = () => {
    const button = calls.querySelector("[data-handout-put-away]");
    if (!button) {
      if (putAway) remember((putAway = null));
      return;
    }
    if (button.dataset.handoutPutAway !== putAway) return;
    const call = button.closest("li");
    call.hidden = true;
    // Folded under "N more waiting on you": one fewer there.
    const more = call.closest(".calls-more");
    if (more) {
      const count = more.querySelector("[data-calls-more]");
      count.textContent = String(Number(count.textContent) - 1);
      if (count.textContent === "0") more.hidden = true;
    }
    // The banner goes with its last call.
    const banner = calls.querySelector(".call-banner");
    const left = banner.querySelectorAll(":scope > ul > li:not([hidden])");
    if (!left.length) banner.hidden = true;
  };
  hideHandout();
  foldLong();
  // What lies above the calls (the notices: the Director's words, a blow, the enemies' turn, and
  // a Tumult's waiting line, which pinned covered the Gamble card's top) is not pinned: its height goes in --notices-height, the banner's top
  // sits that far above the screen's (site.css), and scrolled, only the calls stay in sight.
  // Observed before the banner's growing is (below): its foot is read where it is pinned.
  // A notice that comes while the player is scrolled down the page (to their Gamble, the log)
  // is held pinned, whole, where they are (what showed under the banner moves down below it,
  // as for any banner growing): they see the blow. Their next touch, wheel or key (a tap on the
  // Gamble, a scroll) lets it go up with the page, to the top where it waits for its "×".
  // (Every notice drawn, put away or not: one put away and drawn again is not news.)
  const noticeIds = () =>
    new Set(Array.from(calls.querySelectorAll("[data-notice]"), (n) => n.dataset.notice));
  let known = noticeIds();
  let holding = false;
  const measureNotices = () => {
    const banner = calls.querySelector(".call-banner:not([hidden])");
    const box = calls.getBoundingClientRect();
    const above = holding ? 0 : banner ? banner.getBoundingClientRect().top - box.top : box.height;
    document.documentElement.style.setProperty(
      "--notices-height",
      `${Math.max(0, Math.floor(above))}px`,
    );
  };
  const letGo = (event) => {
    if (!holding || (event.target instanceof Node && calls.contains(event.target))) return;
    holding = false;
    measureNotices();
  };
  const holdNew = () => {
    const now = noticeIds();
    const fresh = Array.from(now).some((id) => !known.has(id));
    known = new Set([...known, ...now]);
    if (fresh && window.scrollY > 1) holding = true;
    if (!calls.querySelector("[data-notice]")) holding = false;
  };
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(measureNotices).observe(calls);
    measureNotices();
    for (const kind of ["pointerdown", "wheel", "touchmove", "keydown", "focusin"]) {
      document.addEventListener(kind, letGo, { capture: true, passive: true });
    }
  }
  const measure = pinHeight("--calls-height", () => calls);
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-handout-put-away]");
    if (!button) return;
    putAway = button.dataset.handoutPutAway;
    remember(putAway);
    hideHandout();
    measure();
  });
  document.addEventListener("table:redrawn", () => {
    hideHandout();
    foldLong();
    measure();
    holdNew();
    if (typeof ResizeObserver === "function") measureNotices();
  });
  // A phone turned (wider, narrower) keeps what was folded: a tap on the fold opens it.
})();

// The pause's bar, pinned at the top while the X-card holds the table: its real height goes in
// --pause-height, so the calls' banner pins below it rather than under it, and the page pads
// for both. Measured at once after a live redraw (table.js says so) and when it changes size.
(() => {
  const pinned = () =>
    Array.from(document.querySelectorAll("#pause-panel, .pause-banner")).find(
      (el) =>
        (el.matches(".pause-banner") || el.querySelector(".pause-banner")) &&
        getComputedStyle(el).position === "sticky",
    );
  // With its shadow (0.3rem) below it.
  const measure = pinHeight("--pause-height", pinned, 5);
  document.addEventListener("htmx:afterSettle", measure);
  document.addEventListener("table:redrawn", measure);
})();

// A blow to the player's own hero ("The enemies strike!", "A Danger strikes!"), the Director's
// words: at the top of the page, above the calls (held pinned only till the player's next touch,
// above: it never lies over the Gamble they go on with), then put away by a tap on its "×" or by itself, a few seconds after it was first in sight
// (a player scrolled down to their Gamble finds it still there). Put away, it stays away through
// the live redraws and a reload (its event's key, kept for the tab); the log keeps what it said.
(() => {
  const SHOWN_FOR = 12000;
  const key = (notice) => `notice-seen-${notice.dataset.notice}`;
  const seen = (notice) => {
    try {
      return sessionStorage.getItem(key(notice)) === "1";
    } catch {
      return false;
    }
  };
  const putAway = (notice) => {
    try {
      sessionStorage.setItem(key(notice), "1");
    } catch {
      // No storage: it goes for this page only.
    }
    // The banner's new height is measured as it changes (pinHeight's observer).
    notice.hidden = true;
  };
  const timers = new Map();
  const show = () => {
    for (const notice of document.querySelectorAll("[data-calls] [data-notice]")) {
      if (seen(notice)) {
        notice.hidden = true;
        continue;
      }
      const id = notice.dataset.notice;
      const box = notice.getBoundingClientRect();
      const inSight = box.height && box.bottom > 0 && box.top < window.innerHeight;
      if (inSight && !timers.has(id)) {
        timers.set(
          id,
          setTimeout(() => {
            const now = document.querySelector(`[data-calls] [data-notice="${id}"]`);
            if (now) putAway(now);
          }, SHOWN_FOR),
        );
      }
    }
  };
  document.addEventListener("click", (event) => {
    const close = event.target.closest("[data-notice-close]");
    if (close) putAway(close.closest("[data-notice]"));
  });
  show();
  document.addEventListener("table:redrawn", show);
  let looking = false;
  window.addEventListener(
    "scroll",
    () => {
      if (looking) return;
      looking = true;
      requestAnimationFrame(() => {
        looking = false;
        show();
      });
    },
    { passive: true },
  );
})();

// A field being typed in (the Gamble's "What are you attempting?", the Wide Shot's): the banners
// pinned at the top fold to a line each while it has the focus (site.css, html.typing), so the
// form, and the phone's keyboard, have the screen; the field and its label are then brought
// whole below them. A field tapped half under the banner, or one a keyboard coming up pushed
// there, had its label (the form's top) hidden (a fresh-eyes evening: a long word from the
// Director over the Gamble being typed). Put down, the banners read whole again.
(() => {
  const calls = document.querySelector("[data-calls]");
  if (!calls) return;
  const root = document.documentElement;
  const TYPED =
    "input:not([type=checkbox], [type=radio], [type=button], [type=submit]), textarea, select";
  const typing = (el) => Boolean(el?.matches?.(TYPED)) && !calls.contains(el);
  const bannersFoot = () => {
    const pinned = getComputedStyle(calls).position === "sticky";
    const box = calls.getBoundingClientRect();
    return pinned && box.height && box.top <= (parseFloat(getComputedStyle(calls).top) || 0) + 1
      ? box.bottom
      : 0;
  };
  const inSight = (field) => {
    if (!field.isConnected || !field.checkVisibility()) return;
    const label = field.labels?.[0];
    const near = label && label.checkVisibility() && !label.contains(field) ? label : null;
    const tops = [field, near].filter(Boolean).map((el) => el.getBoundingClientRect().top);
    const top = Math.min(...tops);
    const room = window.visualViewport?.height ?? window.innerHeight;
    const bar = parseFloat(getComputedStyle(root).getPropertyValue("--hero-bar-height")) || 0;
    const foot = bannersFoot() + 8;
    if (top < foot) window.scrollBy(0, top - foot);
    else if (field.getBoundingClientRect().bottom > room - bar) {
      // Low on the screen (the keyboard up): up above it, its label still below the banners.
      const under = field.getBoundingClientRect().bottom - (room - bar) + 8;
      window.scrollBy(0, Math.min(top - foot, under));
    }
  };
  const fold = (field) => {
    root.classList.add("typing");
    // After the banners folded (their new height measured, pinHeight's observer).
    requestAnimationFrame(() => requestAnimationFrame(() => inSight(field)));
  };
  document.addEventListener("focusin", (event) => {
    if (typing(event.target)) fold(event.target);
  });
  // A press in progress (a mouse's, whose button goes down and up apart): the banners unfold
  // only once it is over, its click done. Unfolded between the two (the field put down as the
  // button went down), they moved Roll! from under the pointer, its release landed on the odds
  // line, and the click, on neither, rolled nothing (CI, loaded: the Gamble never sent).
  let pressing = false;
  let afterPress = null;
  document.addEventListener("pointerdown", () => (pressing = true), true);
  const released = () => {
    pressing = false;
    const then = afterPress;
    afterPress = null;
    if (then) setTimeout(then); // after the click the release makes
  };
  document.addEventListener("pointerup", released, true);
  document.addEventListener("pointercancel", released, true);
  const unfold = () => {
    if (typing(document.activeElement) || !root.classList.contains("typing")) return;
    root.classList.remove("typing");
    // What the player went on to (a fold, a button) is kept clear of the banners unfolding.
    document.dispatchEvent(new CustomEvent("table:banners-unfold"));
  };
  document.addEventListener("focusout", (event) => {
    if (!typing(event.target)) return;
    // Focus going to the next field keeps them folded.
    setTimeout(() => {
      if (pressing) afterPress = unfold;
      else unfold();
    });
  });
  // The keyboard coming up (the screen's visible part shrinks): the field whole above it.
  window.visualViewport?.addEventListener("resize", () => {
    const field = document.activeElement;
    if (typing(field)) requestAnimationFrame(() => inSight(field));
  });
  if (typing(document.activeElement)) fold(document.activeElement);
})();

// The banners pinned at the top growing while the page is scrolled (a notice read whole again
// once a field is put down, the Director's words or a Danger's blow coming): what showed just
// below them moves down with their foot rather than go under it. The browser's own scroll
// anchoring held it where it was, so the grown banner lay over the Gamble being filled in (a
// fresh-eyes evening: "The Director tells the table" over "What are you attempting?").
(() => {
  const calls = document.querySelector("[data-calls]");
  if (!calls || typeof ResizeObserver !== "function") return;
  const foot = () => {
    const style = getComputedStyle(calls);
    const box = calls.getBoundingClientRect();
    const held = style.position === "sticky" && box.top <= (parseFloat(style.top) || 0) + 1;
    return held && box.height ? box.bottom : null;
  };
  // What shows just below the banners' foot, and how far below it, at their last known height
  // (a note taken after they changed, before their observer's turn, would miss the change).
  let under = null;
  // What the player went on to as the banners unfold (a field put down): it was in sight,
  // tapped; it stays so, whatever moved it under them.
  let inHand = null;
  document.addEventListener("table:banners-unfold", () => {
    inHand = document.activeElement;
  });
  let height = calls.getBoundingClientRect().height;
  const note = () => {
    if (calls.getBoundingClientRect().height !== height) return;
    const bottom = foot();
    const element = bottom === null ? null : document.elementFromPoint(innerWidth / 2, bottom + 12);
    under =
      element && !calls.contains(element) && !element.closest(".hero-bar")
        ? { element, offset: element.getBoundingClientRect().top - bottom }
        : null;
  };
  let noting = false;
  window.addEventListener(
    "scroll",
    () => {
      if (noting) return;
      noting = true;
      requestAnimationFrame(() => {
        noting = false;
        note();
      });
    },
    { passive: true },
  );
  new ResizeObserver(() => {
    const bottom = foot();
    if (under?.element.isConnected && bottom !== null) {
      const drift = under.element.getBoundingClientRect().top - bottom - under.offset;
      if (Math.abs(drift) >= 1) window.scrollBy(0, drift);
    }
    const used = inHand;
    inHand = null;
    if (bottom !== null && used && used === document.activeElement && used !== document.body) {
      const top = used.getBoundingClientRect().top;
      if (!calls.contains(used) && !used.closest(".hero-bar") && top < bottom + 8) {
        window.scrollBy(0, top - bottom - 8);
      }
    }
    height = calls.getBoundingClientRect().height;
    note();
  }).observe(calls);
  document.addEventListener("table:redrawn", note);
})();
