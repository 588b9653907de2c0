// The conversation page's script: posts the page's own forms with fetch
// and adds the answers without reloading. Without it the forms post and
// the server redirects back (the page works the same, one reload each).
(function () {
  "use strict";
  var main = document.getElementById("main");
  var log = document.getElementById("log");
  var ask = document.getElementById("ask");
  if (!main || !log || !ask) return;
  var t = main.dataset;
  var question = document.getElementById("question");
  var askError = document.getElementById("ask-error");

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text) e.textContent = text;
    return e;
  }

  function post(form, extra) {
    var body = new URLSearchParams(new FormData(form));
    if (extra) Object.keys(extra).forEach(function (k) { body.set(k, extra[k]); });
    return fetch(location.pathname, {
      method: "POST",
      headers: { "Accept": "application/json" },
      body: body,
      credentials: "same-origin"
    }).then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) {
          var err = new Error((data.error && data.error.message) || t.error);
          err.status = res.status;
          err.field = data.error && data.error.field;
          throw err;
        }
        return data;
      });
    });
  }

  function message(err) {
    if (err.status === 429) return t.busy;
    if (err.field === "question") return t.questionInvalid;
    if (err.field === "email" || err.field === "name" || err.field === "note") return t.emailInvalid;
    return t.error;
  }

  function feedbackForm(id) {
    var f = el("form", "feedback");
    f.method = "post";
    f.action = "";
    var a = el("input");
    a.type = "hidden"; a.name = "action"; a.value = "feedback";
    var m = el("input");
    m.type = "hidden"; m.name = "message_id"; m.value = id;
    var label = el("span", "", t.helpful);
    label.id = "fb-" + id;
    f.append(a, m, label);
    [["yes", t.yes], ["no", t.no]].forEach(function (b) {
      var btn = el("button", "", b[1]);
      btn.type = "submit"; btn.name = "helpful"; btn.value = b[0];
      btn.setAttribute("aria-describedby", label.id);
      f.append(btn);
    });
    return f;
  }

  function answerBubble(data) {
    var box = el("div", "msg genie" + (data.answered ? "" : " unanswered"));
    box.append(el("span", "who", t.genie), el("p", "text", data.answer.text));
    var sources = data.answer.sources || [];
    if (sources.length) {
      var s = el("div", "sources");
      var ul = el("ul");
      sources.forEach(function (src) {
        var li = el("li");
        li.append(el("span", "doc", src.document_name));
        if (src.heading) li.append(" ", el("span", "heading", "› " + src.heading.split(" > ").join(" › ")));
        li.append(el("blockquote", "", src.quote));
        ul.append(li);
      });
      s.append(el("p", "sources-title", t.sources), ul);
      box.append(s);
    }
    if (!data.answered) {
      var p = el("p", "thanks");
      var link = el("a", "", t.person);
      link.href = "#person";
      p.append(link);
      box.append(p);
    }
    box.append(feedbackForm(data.message_id));
    return box;
  }

  ask.addEventListener("submit", function (e) {
    e.preventDefault();
    var q = question.value.trim();
    if (!q) { question.focus(); return; }
    var button = ask.querySelector("button");
    button.disabled = true;
    askError.textContent = "";
    var turn = el("article", "turn");
    var you = el("p", "msg you");
    you.append(el("span", "who", t.you), document.createTextNode(q));
    var wait = el("p", "msg genie", t.sending);
    turn.append(you, wait);
    log.append(turn);
    turn.scrollIntoView({ block: "end" });
    post(ask).then(function (data) {
      turn.id = "m-" + data.message_id;
      turn.replaceChild(answerBubble(data), wait);
      question.value = "";
    }).catch(function (err) {
      turn.remove();
      askError.textContent = message(err);
    }).finally(function () {
      button.disabled = false;
      question.focus();
    });
  });

  question.addEventListener("keydown", function (e) {
    if (e.key === "Enter" && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      ask.requestSubmit();
    }
  });

  log.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.classList.contains("feedback")) return;
    e.preventDefault();
    var helpful = e.submitter ? e.submitter.value : "yes";
    Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = true; });
    post(form, { helpful: helpful }).then(function () {
      var p = el("p", "thanks", t.thanks);
      form.replaceWith(p);
    }).catch(function () {
      Array.prototype.forEach.call(form.querySelectorAll("button"), function (b) { b.disabled = false; });
    });
  });

  var escalate = document.getElementById("escalate");
  var confirmed = document.getElementById("confirmed");
  if (escalate && confirmed) {
    escalate.addEventListener("submit", function (e) {
      e.preventDefault();
      var button = escalate.querySelector("button");
      button.disabled = true;
      confirmed.textContent = "";
      post(escalate).then(function (data) {
        confirmed.classList.remove("bad");
        confirmed.textContent = t.confirmed.replace("%s", data.escalation.email);
        escalate.reset();
      }).catch(function (err) {
        confirmed.classList.add("bad");
        confirmed.textContent = message(err);
      }).finally(function () {
        button.disabled = false;
      });
    });
  }
})();
