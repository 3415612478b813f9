// A running run's duration, counting up once a second on the Runs list and a run's page. The server
// renders each duration as <span class="duration" data-started data-ended data-server-now>; one
// without data-ended is still running. The count uses the server's clock (data-server-now, against
// this browser's at load), so a browser whose clock is off still shows the run's real duration. On a
// run's page, run-timeline.js tells this script about the run's status events (`quarry:run-status`):
// the start of a run that was queued at load, and its end, where the count stops at the final value.
// On the Runs list, runs-list.js tells it the same of each row (the event's `element`: that row's).
(function () {
  'use strict';
  /** Tenths of a second under this, as layout.tsx's formatDuration writes it (change both together). */
  var TENTHS_BELOW_MS = 10000;
  var TICK_MS = 1000;

  function formatDuration(milliseconds) {
    var positive = Math.max(0, milliseconds);
    if (positive < TENTHS_BELOW_MS) return (Math.floor(positive / 100) / 10).toFixed(1) + ' s';
    var seconds = Math.floor(positive / 1000);
    if (seconds < 60) return seconds + ' s';
    var minutes = Math.floor(seconds / 60);
    if (minutes < 60) return minutes + ' min ' + (seconds % 60) + ' s';
    return Math.floor(minutes / 60) + ' h ' + (minutes % 60) + ' min';
  }

  var loadedAt = Date.now();
  var first = document.querySelector('.duration[data-server-now]');
  var serverNow = first ? Number(first.getAttribute('data-server-now')) : NaN;
  /** The server's clock minus this browser's. */
  var offset = Number.isFinite(serverNow) ? serverNow - loadedAt : 0;

  function show(element) {
    var started = Date.parse(element.getAttribute('data-started') || '');
    if (!Number.isFinite(started)) return;
    var endedText = element.getAttribute('data-ended');
    var end = endedText ? Date.parse(endedText) : Date.now() + offset;
    element.textContent = formatDuration(end - started);
  }

  function tick() {
    var running = document.querySelectorAll('.duration[data-started]:not([data-ended])');
    for (var index = 0; index < running.length; index += 1) show(running[index]);
  }

  setInterval(tick, TICK_MS);

  // A run page's own duration (or the list row's that `element` names) follows the run's status.
  document.addEventListener('quarry:run-status', function (event) {
    var detail = event.detail || {};
    var element = detail.element || document.getElementById('run-duration');
    if (!element || !detail.at) return;
    if (detail.to === 'running' && !element.hasAttribute('data-started')) {
      element.setAttribute('data-started', detail.at);
    }
    if (detail.finished && element.hasAttribute('data-started') && !element.hasAttribute('data-ended')) {
      element.setAttribute('data-ended', detail.at);
    }
    if (detail.finished && !element.hasAttribute('data-started')) {
      // As the server writes a run that never started (runs-pages.tsx, notStarted).
      element.textContent =
        detail.to === 'cancelled'
          ? 'none: cancelled while queued'
          : 'none: ' + detail.to + ' before it started';
    }
    show(element);
  });
})();
