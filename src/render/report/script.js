"use strict";
(function () {
  var data = JSON.parse(document.getElementById("hatchway-data").textContent);
  var SVG = "http://www.w3.org/2000/svg";
  // The places in a step's array (StepDoc).
  var TEXT = 0, AT = 1, ROOMS = 2, HATCHES = 3, HATCH = 4, WAY = 5;
  var text = document.getElementById("step-text");
  var counter = document.getElementById("counter");
  var previous = document.getElementById("previous");
  var next = document.getElementById("next");
  var buttons = document.querySelectorAll("button[data-outcome]");
  var fixits = document.getElementById("fixits");
  var fixitList = document.getElementById("fixit-list");
  var frame = document.querySelector(".frame");
  var legendHere = document.getElementById("legend-here");
  var legendHereWords = document.getElementById("legend-here-words");
  var pathOnly = document.querySelectorAll(".legend .path-only");
  var narrowScreen = window.matchMedia("(max-width: 50rem)");
  var chosen = -1;
  var step = 0;
  var frames = [];

  function numbers(list) {
    return list.split(" ").map(function (p) {
      var xy = p.split(",");
      return [Number(xy[0]), Number(xy[1])];
    });
  }

  var pictures = Array.prototype.map.call(document.querySelectorAll("svg.hatchway-ship"), function (svg) {
    return {
      svg: svg,
      rooms: svg.querySelectorAll("g.room[data-room]"),
      hatches: svg.querySelectorAll("g.hatch[data-hatch]"),
      lines: svg.querySelector("g.path-lines"),
      marks: svg.querySelector("g.path-marks"),
      routes: Array.prototype.map.call(svg.querySelectorAll("g.hatch[data-hatch] .hatch-line"), function (l) {
        return numbers(l.getAttribute("points"));
      }),
      radius: Number(svg.getAttribute("data-mark-radius")),
      offset: Number(svg.getAttribute("data-step-offset")),
      band: Number(svg.getAttribute("data-step-width")),
      font: Number(svg.getAttribute("data-step-font"))
    };
  });

  function element(name, attributes) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (k) { e.setAttribute(k, attributes[k]); });
    return e;
  }

  function length(p, q) {
    return Math.abs(q[0] - p[0]) + Math.abs(q[1] - p[1]);
  }

  // The point beside a line at the fraction part / whole of its length,
  // `offset` to its left going from its first point: as the file's
  // picture places a step's number.
  function beside(points, part, whole, offset) {
    var total = 0;
    for (var i = 1; i < points.length; i++) {
      total += length(points[i - 1], points[i]);
    }
    var left = Math.trunc(total * part / Math.max(whole, 1));
    var at = points[points.length - 1];
    var direction = [1, 0];
    for (var j = 1; j < points.length; j++) {
      var p = points[j - 1], q = points[j], l = length(p, q);
      if (l > 0) {
        direction = [q[0] - p[0], q[1] - p[1]];
        if (left <= l) {
          at = [p[0] + Math.trunc((q[0] - p[0]) * left / l), p[1] + Math.trunc((q[1] - p[1]) * left / l)];
          break;
        }
      }
      left -= l;
    }
    var norm = Math.max(Math.hypot(direction[0], direction[1]), 1);
    return [at[0] + Math.round(direction[1] / norm * offset), at[1] + Math.round(-direction[0] / norm * offset)];
  }

  function drawPath(picture, outcome) {
    picture.lines.textContent = "";
    picture.marks.textContent = "";
    var uses = {};
    outcome.steps.forEach(function (s, i) {
      if (s[HATCH] !== null) {
        (uses[s[HATCH]] = uses[s[HATCH]] || []).push(i + 1);
      }
    });
    outcome.steps.forEach(function (s, i) {
      var hatch = s[HATCH];
      if (hatch === null) {
        return;
      }
      var n = i + 1;
      var route = picture.routes[hatch];
      var points = s[WAY] === 2 ? route.slice().reverse() : route;
      var kind = s[WAY] === 0 ? "opens" : "moves";
      var colour = data.colours[kind];
      var line = element("polyline", {
        "class": "step-line " + kind, "data-step": n, points: points.join(" "), fill: "none",
        stroke: colour, "stroke-width": picture.band, "stroke-opacity": "0.5"
      });
      if (kind === "moves") {
        line.setAttribute("marker-end", "url(#hatchway-arrow)");
      }
      picture.lines.appendChild(line);
      var on = uses[hatch];
      var at = beside(route, on.indexOf(n) + 1, on.length + 1, picture.offset);
      var mark = element("g", { "class": "step-number " + kind, "data-step": n });
      mark.appendChild(element("circle", {
        cx: at[0], cy: at[1], r: picture.radius, fill: kind === "opens" ? "#ffffff" : colour,
        stroke: colour, "stroke-width": 2
      }));
      var number = element("text", {
        x: at[0], y: at[1] + Math.trunc((picture.font + 1) / 3), "text-anchor": "middle",
        "font-size": picture.font, "font-weight": "bold", fill: kind === "opens" ? colour : "#ffffff"
      });
      number.textContent = String(n);
      mark.appendChild(number);
      picture.marks.appendChild(mark);
    });
  }

  function setState(element, prefix, state) {
    Array.prototype.slice.call(element.classList).forEach(function (c) {
      if (c.indexOf(prefix) === 0) {
        element.classList.remove(c);
      }
    });
    element.classList.add(prefix + state);
  }

  function framesOf(outcome) {
    var ship = { text: data.start.text, at: data.start.at, rooms: data.start.rooms.slice(), hatches: data.start.hatches.slice() };
    var all = [ship];
    outcome.steps.forEach(function (s, i) {
      var after = { text: (i + 1) + ". " + s[TEXT], at: s[AT], rooms: ship.rooms.slice(), hatches: ship.hatches.slice() };
      s[ROOMS].forEach(function (c) { after.rooms[c[0]] = c[1]; });
      s[HATCHES].forEach(function (c) { after.hatches[c[0]] = c[1]; });
      all.push(after);
      ship = after;
    });
    return all;
  }

  function show() {
    var ship = frames[step];
    var last = frames.length - 1;
    pictures.forEach(function (picture) {
      Array.prototype.forEach.call(picture.rooms, function (room, i) {
        var s = ship.rooms[i];
        var was = data.start.rooms[i];
        setState(room, "state-", s);
        room.querySelector("text.room-code").textContent = data.room_codes[s];
        room.querySelector("text.room-state").textContent = data.room_states[s];
        room.querySelector("text.room-was").textContent = s === was ? "" : "was " + data.room_states[was];
        room.querySelector("title").textContent = data.rooms[i].label + ": " + data.room_states[s]
          + (s === was ? "" : " (was " + data.room_states[was] + ")");
        room.classList.toggle("here", i === ship.at);
      });
      Array.prototype.forEach.call(picture.hatches, function (hatch, i) {
        var s = ship.hatches[i];
        setState(hatch, "hatch-state-", s);
        hatch.querySelector("text.hatch-code").textContent = data.hatch_codes[s];
        hatch.querySelector("title").textContent = data.hatches[i] + ": " + data.hatch_states[s];
      });
      Array.prototype.forEach.call(picture.svg.querySelectorAll("[data-step]"), function (e) {
        e.style.display = Number(e.getAttribute("data-step")) <= step ? "" : "none";
      });
    });
    counter.textContent = "#" + data.outcomes[chosen].number + ": step " + step + " of " + last;
    text.textContent = ship.text;
    legendHere.hidden = false;
    legendHereWords.textContent = step === last
      ? "where this path ends, room " + data.rooms[ship.at].label
      : step === 0
        ? "the gnome's room before the first step"
        : "the gnome's room after step " + step;
    previous.disabled = step === 0;
    next.disabled = step === last;
  }

  // On a phone the ship stands above the list and may be taller than the
  // screen: a choice brings its top into view, a step the gnome's room.
  function keepInView(whole) {
    if (!narrowScreen.matches) {
      return;
    }
    var box = frame.getBoundingClientRect();
    if (whole && (box.top < 0 || box.top > window.innerHeight / 2)) {
      frame.scrollIntoView({ block: "start" });
    }
    var here = frame.querySelector("svg.narrow g.room.here");
    if (here) {
      here.scrollIntoView({ block: "nearest" });
    }
  }

  function choose(index) {
    chosen = index;
    step = 0;
    var outcome = data.outcomes[index];
    frames = framesOf(outcome);
    pictures.forEach(function (picture) { drawPath(picture, outcome); });
    fixitList.textContent = "";
    outcome.fixits.forEach(function (fixit) {
      var item = document.createElement("li");
      item.appendChild(document.createTextNode(fixit.words));
      var table = document.createElement("table");
      table.className = "odds";
      var rows = [["minutes", fixit.minutes], ["total", fixit.total], ["chance", fixit.chance]];
      if (fixit.if_fails) { rows.push(["if fails", fixit.if_fails]); }
      rows.forEach(function (row) {
        var tr = document.createElement("tr");
        var th = document.createElement("th");
        th.scope = "row";
        th.textContent = row[0];
        tr.appendChild(th);
        row[1].forEach(function (value) {
          var td = document.createElement("td");
          td.textContent = String(value);
          tr.appendChild(td);
        });
        table.appendChild(tr);
      });
      item.appendChild(table);
      fixitList.appendChild(item);
    });
    fixits.hidden = outcome.fixits.length === 0;
    Array.prototype.forEach.call(pathOnly, function (e) { e.hidden = false; });
    Array.prototype.forEach.call(buttons, function (b) {
      b.setAttribute("aria-pressed", String(Number(b.getAttribute("data-outcome")) === outcome.number));
    });
    show();
    keepInView(true);
  }

  function move(by) {
    if (chosen < 0) {
      return;
    }
    var last = frames.length - 1;
    var to = Math.min(Math.max(step + by, 0), last);
    if (to !== step) {
      step = to;
      show();
    }
    keepInView(false);
  }

  var byNumber = {};
  data.outcomes.forEach(function (o, i) { byNumber[o.number] = i; });
  Array.prototype.forEach.call(buttons, function (b) {
    b.addEventListener("click", function () {
      var index = byNumber[Number(b.getAttribute("data-outcome"))];
      if (index !== undefined) {
        choose(index);
      }
    });
  });
  var filterRoom = document.getElementById("filter-room");
  var filterVerdict = document.getElementById("filter-verdict");
  var filterCost = document.getElementById("filter-cost");
  var filterCount = document.getElementById("filter-count");
  var noneShown = document.getElementById("none-shown");
  function narrow() {
    var room = filterRoom.value;
    var verdict = filterVerdict.value;
    var most = filterCost.value === "" ? Infinity : Number(filterCost.value);
    var shown = 0;
    Array.prototype.forEach.call(document.querySelectorAll(".room-group"), function (group) {
      var inRoom = room === "" || group.getAttribute("data-room") === room;
      var here = 0;
      Array.prototype.forEach.call(group.querySelectorAll("li[data-cost]"), function (item) {
        var fits = inRoom
          && (verdict === "" || item.getAttribute("data-verdict") === verdict)
          && Number(item.getAttribute("data-cost")) <= most;
        item.hidden = !fits;
        if (fits) {
          here += 1;
        }
      });
      group.hidden = here === 0;
      shown += here;
    });
    filterCount.textContent = shown + " shown";
    noneShown.hidden = shown !== 0;
  }
  filterRoom.addEventListener("change", narrow);
  filterVerdict.addEventListener("change", narrow);
  filterCost.addEventListener("input", narrow);
  document.getElementById("filters").addEventListener("submit", function (e) { e.preventDefault(); });
  previous.addEventListener("click", function () { move(-1); });
  next.addEventListener("click", function () { move(1); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) {
      return;
    }
    if (e.key === "ArrowLeft") {
      move(-1);
      e.preventDefault();
    } else if (e.key === "ArrowRight") {
      move(1);
      e.preventDefault();
    }
  });
  performance.mark("hatchway-ready");
})();
