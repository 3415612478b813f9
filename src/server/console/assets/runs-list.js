// The Runs list follows the runs it shows that have not ended: their status, searches, start and
// duration. The server marks each such row <tr data-run-id data-run-status>; every few seconds, while
// the page is in view, one request asks for the runs that have not ended (GET /api/runs with those
// statuses, the operator's session signing it), and a row that is no longer among them is asked for
// alone (GET /api/runs/:id), once, for how it ended. Once every row has ended, the asking stops. The
// duration is left to durations.js, told of each start and end (`quarry:run-status`).
(function () {
  'use strict';
  /** How often the list asks: a run's status changes seldom, and one request covers every row. */
  var POLL_MS = 2000;
  /** Statuses a run moves on from (run-status.ts: every status but FINISHED_STATUSES). */
  var UNFINISHED = ['queued', 'running', 'finalizing', 'interrupted'];
  /** The most runs one request answers (runs-route.ts MAX_PAGE). */
  var PAGE = 200;

  function rows() {
    return document.querySelectorAll('tr[data-run-id]');
  }

  /** As layout.tsx's formatTime writes a time (change both together). */
  function formatTime(iso) {
    if (!iso) return '—';
    return iso.replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
  }

  /** As layout.tsx's budgetText writes a budget (change both together). */
  function budgetText(used, limit) {
    if (limit === null || limit === undefined) return String(used);
    if (limit === 0 && used === 0) return '0 of 0 (none allowed)';
    return used + ' of ' + limit;
  }

  function tellDuration(row, to, at, finished) {
    var element = row.querySelector('.duration');
    if (!element || !at) return;
    document.dispatchEvent(
      new CustomEvent('quarry:run-status', {
        detail: { to: to, at: at, finished: finished, element: element },
      }),
    );
  }

  function update(row, run) {
    var finished = UNFINISHED.indexOf(run.status) === -1;
    if (row.getAttribute('data-run-status') !== run.status) {
      var status = row.querySelector('.status');
      if (status) {
        status.className = 'status status-' + run.status;
        status.textContent = run.status;
      }
      row.setAttribute('data-run-status', run.status);
    }
    var started = row.querySelector('td[data-label="Started"]');
    if (started)
      started.textContent = run.started_at ? formatTime(run.started_at) : finished ? 'never' : 'not yet';
    if (run.budget) {
      var meter = row.querySelector('.budget meter');
      var text = row.querySelector('.budget-text');
      var limit = run.budget.limit === null ? 0 : run.budget.limit;
      if (meter) {
        meter.max = Math.max(limit, 1);
        meter.value = Math.min(run.budget.used, Math.max(limit, 1));
      }
      if (text) text.textContent = budgetText(run.budget.used, run.budget.limit);
    }
    if (run.started_at) tellDuration(row, 'running', run.started_at, false);
    if (finished) {
      tellDuration(row, run.status, run.ended_at || run.started_at, true);
      row.removeAttribute('data-run-id');
    }
  }

  function getJson(path) {
    return fetch(path, { headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(
      function (response) {
        if (!response.ok) throw new Error(path + ' answered ' + response.status);
        return response.json();
      },
    );
  }

  var timer = null;

  function poll() {
    timer = null;
    var waiting = rows();
    if (waiting.length === 0) return;
    if (document.hidden) {
      schedule();
      return;
    }
    getJson('/api/runs?status=' + UNFINISHED.join(',') + '&limit=' + PAGE)
      .then(function (answer) {
        var byId = {};
        (answer.runs || []).forEach(function (run) {
          byId[run.id] = run;
        });
        var asked = [];
        for (var index = 0; index < waiting.length; index += 1) {
          var row = waiting[index];
          var id = row.getAttribute('data-run-id');
          if (byId[id]) update(row, byId[id]);
          else
            asked.push(
              getJson('/api/runs/' + encodeURIComponent(id)).then(update.bind(null, row), function () {
                // Gone (or not readable now): try again next time.
              }),
            );
        }
        return Promise.all(asked);
      })
      .catch(function () {
        // The server did not answer (restarting, or the session ended): the list stays as it is, and
        // the next round asks again.
      })
      .then(schedule);
  }

  function schedule() {
    if (timer === null && rows().length > 0) timer = setTimeout(poll, POLL_MS);
  }

  schedule();
  document.addEventListener('visibilitychange', function () {
    if (!document.hidden && timer !== null) {
      clearTimeout(timer);
      poll();
    }
  });
})();
