// The run page's live timeline: follows the run's events over Server-Sent Events and adds one entry
// per step. Everything shown is set as text (textContent), never as markup: it was written by an
// agent, a page or a provider. Links are made only to http(s) addresses.
(function () {
  'use strict';
  var list = document.getElementById('timeline');
  if (!list) return;
  var state = document.getElementById('timeline-state');
  var statusBadge = document.getElementById('run-status');
  var budget = document.getElementById('run-budget');
  var finishedAtLoad = list.getAttribute('data-finished') === 'true';
  var settingsSearch = list.getAttribute('data-settings-search');
  var finishedStatuses = (list.getAttribute('data-finished-statuses') || '').split(' ');
  var started = document.getElementById('run-started');

  function webAddress(text) {
    try {
      var url = new URL(String(text));
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
    } catch {
      return undefined;
    }
  }

  // A teaching message as text, its "Settings → Search" as a link to that page.
  function teaching(parent, text) {
    var parts = String(text).split('Settings → Search');
    parts.forEach(function (part, index) {
      parent.appendChild(document.createTextNode(part));
      if (index < parts.length - 1) {
        var link = document.createElement('a');
        link.href = settingsSearch;
        link.textContent = 'Settings → Search';
        parent.appendChild(link);
      }
    });
  }

  function entry(kind, label) {
    var item = document.createElement('li');
    item.className = 'step step-' + kind;
    var title = document.createElement('strong');
    title.textContent = label;
    item.appendChild(title);
    item.appendChild(document.createTextNode(' '));
    list.appendChild(item);
    return item;
  }

  function text(parent, value) {
    var span = document.createElement('span');
    span.textContent = String(value);
    parent.appendChild(span);
    return span;
  }

  function link(parent, href, label) {
    var address = webAddress(href);
    if (!address) return text(parent, label || href);
    var anchor = document.createElement('a');
    anchor.href = address;
    anchor.rel = 'noreferrer noopener';
    anchor.textContent = String(label || href);
    parent.appendChild(anchor);
    return anchor;
  }

  function showBudget(searches) {
    if (!budget || !searches) return;
    var meter = budget.querySelector('meter');
    var numbers = budget.querySelector('.budget-text');
    if (meter && searches.limit !== null && searches.limit !== undefined) {
      meter.max = Math.max(searches.limit, 1);
      meter.value = Math.min(searches.used, meter.max);
    }
    // As layout.tsx's budgetText writes it.
    if (numbers)
      numbers.textContent =
        searches.limit === null
          ? String(searches.used)
          : searches.limit === 0 && searches.used === 0
            ? '0 of 0 (none allowed)'
            : searches.used + ' of ' + searches.limit;
  }

  function onTool(data) {
    var query = data.arguments && data.arguments.query;
    if (data.tool === 'web_search') {
      var search = entry('search', 'Search');
      text(search, '“' + (query || '') + '”');
      if (data.ok) {
        text(
          search,
          ' — ' +
            (data.provider || 'a provider') +
            ' answered with ' +
            (data.results_count || 0) +
            (data.results_count === 1 ? ' result' : ' results'),
        );
      } else {
        search.appendChild(document.createTextNode(' — failed: '));
        teaching(search, data.error || 'no answer');
      }
    } else if (data.tool === 'read_page') {
      var read = entry('read', 'Read');
      var page = data.page || {};
      if (data.ok) link(read, page.url || (data.arguments && data.arguments.url), page.title || page.url);
      else {
        text(read, (data.arguments && (data.arguments.url || data.arguments.n)) || '');
        read.appendChild(document.createTextNode(' — failed: '));
        teaching(read, data.error || '');
      }
    } else if (data.tool === 'find_media') {
      var media = entry('picture', 'Pictures');
      if (data.ok) {
        var items = data.items || [];
        var count = 0;
        items.forEach(function (item) {
          count += (item.pictures || []).length;
        });
        text(
          media,
          count +
            ' for ' +
            items
              .map(function (item) {
                return item.name;
              })
              .join(', '),
        );
        items.forEach(function (item) {
          (item.pictures || []).slice(0, 3).forEach(function (picture) {
            media.appendChild(document.createTextNode(' '));
            link(media, picture.page || picture.url, 'picture');
          });
        });
      } else {
        media.appendChild(document.createTextNode('failed: '));
        teaching(media, data.error || '');
      }
    } else {
      text(entry('tool', String(data.tool)), data.ok ? 'answered' : 'failed');
    }
    if (data.budget) showBudget(data.budget.searches);
  }

  function onAgent(data) {
    if (data.kind === 'message' && data.text) text(entry('message', 'Agent'), data.text);
  }

  function onStatus(data) {
    var item = entry('status', 'Status');
    text(item, (data.from ? data.from + ' → ' : '') + data.to);
    if (data.reason) {
      item.appendChild(document.createTextNode(': '));
      teaching(item, data.reason);
    }
    if (statusBadge && data.to) {
      statusBadge.textContent = data.to;
      statusBadge.className = 'status status-' + data.to;
    }
    if (started && data.to === 'running' && data.from === 'queued' && data.at)
      started.textContent = String(data.at)
        .replace('T', ' ')
        .replace(/\.\d+Z$/, ' UTC');
    // durations.js starts or stops the run's duration on these.
    document.dispatchEvent(
      new CustomEvent('quarry:run-status', {
        detail: { to: data.to, at: data.at, finished: finishedStatuses.indexOf(data.to) >= 0 },
      }),
    );
  }

  function parse(event) {
    try {
      return JSON.parse(event.data);
    } catch {
      return {};
    }
  }

  var source = new EventSource(list.getAttribute('data-events'));
  source.addEventListener('status', function (event) {
    onStatus(parse(event));
  });
  source.addEventListener('agent', function (event) {
    onAgent(parse(event));
  });
  source.addEventListener('tool', function (event) {
    onTool(parse(event));
  });
  source.addEventListener('end', function (event) {
    source.close();
    var data = parse(event);
    if (state) state.textContent = 'The run has ended: ' + (data.status || 'see its status') + '.';
    // The report is drawn by the server: load the page again to show it (once, for a run that was live).
    if (!finishedAtLoad) window.location.reload();
  });
  source.onerror = function () {
    if (state && source.readyState === EventSource.CONNECTING)
      state.textContent = 'Connection lost; reconnecting…';
  };
})();
