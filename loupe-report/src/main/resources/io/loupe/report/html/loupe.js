/* Loupe's HTML report: highlights paths and k-paths on the source, and sorts, filters and pages the
   index's table of methods and loops. No library, no network: everything the page needs is here. */
(function () {
  'use strict';

  var ITERATION_CLASSES = 6;

  function rowsOf(line) {
    return document.querySelectorAll('table.source tr[data-line="' + line + '"]');
  }

  function clearHighlight() {
    document.querySelectorAll('table.source tr.on-path').forEach(function (tr) {
      tr.classList.remove('on-path');
      for (var i = 1; i <= ITERATION_CLASSES; i++) {
        tr.classList.remove('it' + i);
      }
    });
    document.querySelectorAll('table.source .order').forEach(function (b) { b.remove(); });
    document.querySelectorAll('button.path, button.kpath').forEach(function (b) {
      b.setAttribute('aria-pressed', 'false');
    });
    setStatus('');
  }

  function setStatus(text) {
    document.querySelectorAll('.controls .status').forEach(function (s) { s.textContent = text; });
  }

  /* Marks each line of `lines` (in order) with its position, or with the iteration it runs in. */
  function mark(lines, label, cls) {
    var first = null;
    lines.forEach(function (line, i) {
      rowsOf(line).forEach(function (tr) {
        tr.classList.add('on-path');
        if (cls) {
          tr.classList.add(cls);
        }
        var cell = tr.querySelector('td.ln');
        var badge = document.createElement('span');
        badge.className = 'order';
        badge.textContent = label(i);
        cell.insertBefore(badge, cell.firstChild);
        if (!first) {
          first = tr;
        }
      });
    });
    return first;
  }

  function parseLines(text) {
    return text.trim() === '' ? [] : text.trim().split(/\s+/);
  }

  function showPath(button) {
    clearHighlight();
    var lines = parseLines(button.getAttribute('data-lines'));
    var first = mark(lines, function (i) { return String(i + 1); }, null);
    button.setAttribute('aria-pressed', 'true');
    setStatus('path ' + button.getAttribute('data-path') + ': lines ' + lines.join(', ') + ' highlighted in order'
      + (first ? '' : ' (not on this page)'));
    if (first && first.scrollIntoView) {
      first.scrollIntoView({block: 'nearest'});
    }
  }

  function showChain(button) {
    clearHighlight();
    var iterations = button.getAttribute('data-iterations').split('|');
    var first = null;
    var words = [];
    iterations.forEach(function (text, k) {
      var lines = parseLines(text);
      var tr = mark(lines, function () { return 'i' + (k + 1); }, 'it' + (k % ITERATION_CLASSES + 1));
      first = first || tr;
      words.push('iteration ' + (k + 1) + ': lines ' + lines.join(', '));
    });
    button.setAttribute('aria-pressed', 'true');
    setStatus(words.join('; '));
    if (first && first.scrollIntoView) {
      first.scrollIntoView({block: 'nearest'});
    }
  }

  function wirePaths() {
    document.querySelectorAll('button.path').forEach(function (b) {
      b.addEventListener('click', function () { showPath(b); });
    });
    document.querySelectorAll('button.kpath').forEach(function (b) {
      b.addEventListener('click', function () { showChain(b); });
    });
    document.querySelectorAll('button.clear').forEach(function (b) {
      b.addEventListener('click', clearHighlight);
    });
    document.querySelectorAll('details.mark').forEach(function (d) {
      d.addEventListener('toggle', function () {      // one disclosure open at a time
        if (d.open) {
          document.querySelectorAll('details.mark[open]').forEach(function (o) {
            if (o !== d) {
              o.open = false;
            }
          });
        }
      });
    });
    document.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') {
        document.querySelectorAll('details.mark[open]').forEach(function (d) { d.open = false; });
      }
    });
  }

  /* ---- the index's table of methods and loops ---- */

  var PAGE = 100;
  var INDEX = {kind: 0, name: 1, place: 3, paths: 4, executions: 5, verdict: 6, invariant: 7, next: 8};
  var NUMERIC = {paths: true, executions: true, invariant: true};

  function wireTable() {
    var table = document.getElementById('rows');
    if (!table || !window.LOUPE_ROWS) {
      return;
    }
    var state = {filter: '', kind: '', key: 'executions', descending: true, page: 0};
    var all = window.LOUPE_ROWS;
    var shown = all;
    var filter = document.getElementById('filter');
    var kind = document.getElementById('kind');
    var prev = document.querySelector('.pager .prev');
    var next = document.querySelector('.pager .next');
    var status = document.querySelector('.pager .status');

    function compare(a, b) {
      var i = INDEX[state.key];
      var x = a[i];
      var y = b[i];
      var c;
      if (NUMERIC[state.key]) {
        c = (x || 0) - (y || 0);
      } else {
        c = String(x === null ? '' : x).localeCompare(String(y === null ? '' : y));
      }
      if (c === 0) {
        c = a[1].localeCompare(b[1]);
        return c;
      }
      return state.descending ? -c : c;
    }

    function select() {
      var words = state.filter.toLowerCase().split(/\s+/).filter(function (w) { return w.length > 0; });
      shown = all.filter(function (r) {
        if (state.kind && r[0] !== state.kind) {
          return false;
        }
        var text = (r[1] + ' ' + r[3]).toLowerCase();
        return words.every(function (w) { return text.indexOf(w) >= 0; });
      });
      shown.sort(compare);
      state.page = 0;
      render();
    }

    function cell(tr, content) {
      var td = document.createElement('td');
      if (content instanceof Node) {
        td.appendChild(content);
      } else {
        td.textContent = content;
      }
      tr.appendChild(td);
      return td;
    }

    function number(n) {
      var span = document.createElement('span');
      span.className = 'n';
      span.setAttribute('data-n', String(n));
      span.textContent = Number(n).toLocaleString('en-US');
      return span;
    }

    function render() {
      var body = table.tBodies[0];
      var rows = document.createDocumentFragment();
      var from = state.page * PAGE;
      var to = Math.min(shown.length, from + PAGE);
      for (var i = from; i < to; i++) {
        var r = shown[i];
        var tr = document.createElement('tr');
        cell(tr, r[0]);
        var a = document.createElement('a');
        a.href = r[2];
        a.textContent = r[1];
        cell(tr, a);
        cell(tr, r[3]);
        cell(tr, number(r[4]));
        cell(tr, number(r[5]));
        cell(tr, r[6] === null ? '–' : r[6]);
        cell(tr, r[8] === null ? '–' : r[8]);
        cell(tr, number(r[7]));
        rows.appendChild(tr);
      }
      body.replaceChildren(rows);
      status.textContent = shown.length === 0 ? 'no method or loop matches'
        : 'rows ' + (from + 1) + '–' + to + ' of ' + shown.length.toLocaleString('en-US');
      prev.disabled = state.page === 0;
      next.disabled = to >= shown.length;
      table.querySelectorAll('th').forEach(function (th) {
        var key = th.querySelector('button').getAttribute('data-key');
        th.setAttribute('aria-sort', key !== state.key ? 'none' : state.descending ? 'descending' : 'ascending');
      });
    }

    filter.addEventListener('input', function () { state.filter = filter.value; select(); });
    kind.addEventListener('change', function () { state.kind = kind.value; select(); });
    prev.addEventListener('click', function () { state.page--; render(); });
    next.addEventListener('click', function () { state.page++; render(); });
    table.querySelectorAll('button.sort').forEach(function (b) {
      b.addEventListener('click', function () {
        var key = b.getAttribute('data-key');
        state.descending = key === state.key ? !state.descending : NUMERIC[key] === true;
        state.key = key;
        select();
      });
    });
    select();
  }

  function start() {
    wirePaths();
    wireTable();
    if (window.performance && performance.mark) {
      performance.mark('loupe-ready');      // the page is drawn and wired: what load times measure
    }
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
}());
