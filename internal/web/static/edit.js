// The public edit page: saves the textarea through the doc-edit-link
// resource's public-update action. Served as a separate file so that the
// page's Content-Security-Policy can forbid inline scripts.
(function () {
  'use strict';
  var form = document.getElementById('edit-form');
  if (!form) { return; }
  var content = document.getElementById('content');
  var pin = document.getElementById('pin');
  var save = document.getElementById('save');
  var status = document.getElementById('status');
  var parts = location.pathname.split('/');
  var token = decodeURIComponent(parts[parts.length - 1]);
  // Relative, so that the page also works when the service sits under a path.
  var endpoint = new URL('../v1', location.href).toString();
  var dirty = false;

  function show(kind, text) {
    status.className = 'status ' + kind;
    status.textContent = text;
  }

  function clock(iso) {
    var d = new Date(iso);
    if (isNaN(d.getTime())) { return iso; }
    var opts = { hour: '2-digit', minute: '2-digit' };
    if (d.toDateString() !== new Date().toDateString()) {
      opts.day = 'numeric';
      opts.month = 'short';
    }
    return d.toLocaleString([], opts);
  }

  function plural(n, word) {
    return n + ' ' + word + (n === 1 ? '' : 's');
  }

  function lockedUntil(err, res) {
    if (err && err.lockedUntil) { return err.lockedUntil; }
    var secs = parseInt(res.headers.get('Retry-After') || '', 10);
    return isNaN(secs) ? '' : new Date(Date.now() + secs * 1000).toISOString();
  }

  function settle(res, body) {
    var err = (body && body.error) || {};
    if (res.ok && body && body.success) {
      dirty = false;
      show('ok', 'Saved at ' + clock(body.data.updatedAt) + '.');
      return;
    }
    switch (res.status) {
      case 403:
        if (pin) { pin.value = ''; pin.focus(); }
        if (err.attemptsRemaining === 0) {
          show('error', 'Wrong PIN. Saving is locked until ' + clock(lockedUntil(err, res)) + '.');
        } else {
          show('error', 'Wrong PIN. ' + plural(err.attemptsRemaining, 'attempt') + ' remaining.');
        }
        return;
      case 429:
        show('error', 'Too many wrong PINs. Saving is locked until ' + clock(lockedUntil(err, res)) + '.');
        return;
      case 404:
        save.disabled = true;
        show('error', 'This edit link is no longer valid. Copy your text elsewhere and ask the owner for a new link.');
        return;
      case 400:
        show('error', err.message || 'The request was not accepted.');
        return;
    }
    show('error', 'Saving failed (' + res.status + '). Try again in a moment.');
  }

  function submit(ev) {
    ev.preventDefault();
    if (save.disabled) { return; }
    if (content.value.trim() === '') {
      show('error', 'The document cannot be empty.');
      content.focus();
      return;
    }
    var data = { token: token, content: content.value };
    if (pin) {
      if (!/^[0-9]{4,8}$/.test(pin.value)) {
        show('error', 'Enter the PIN: 4 to 8 digits.');
        pin.focus();
        return;
      }
      data.pin = pin.value;
    }
    save.disabled = true;
    show('busy', 'Saving…');
    fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ resource: 'doc-edit-link', action: 'public-update', data: data }),
      credentials: 'omit',
      cache: 'no-store'
    }).then(function (res) {
      return res.json().catch(function () { return null; }).then(function (body) {
        save.disabled = false;
        settle(res, body);
      });
    }, function () {
      save.disabled = false;
      show('error', 'Could not reach the server. Check the connection and try again.');
    });
  }

  form.addEventListener('submit', submit);
  content.addEventListener('input', function () { dirty = true; });
  document.addEventListener('keydown', function (ev) {
    if ((ev.ctrlKey || ev.metaKey) && (ev.key === 's' || ev.key === 'S')) {
      submit(ev);
    }
  });
  window.addEventListener('beforeunload', function (ev) {
    if (dirty) { ev.preventDefault(); ev.returnValue = ''; }
  });
}());
