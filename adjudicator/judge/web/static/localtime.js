// The deadlines in the reader's own time zone. The pages show them in UTC (or in the zone the
// reader chose, and then this file is not loaded); this rewrites each <time datetime> in the
// browser's zone and language. Loaded from the site (the Content-Security-Policy allows no
// inline script); the pages work without it.
"use strict";
document.addEventListener("DOMContentLoaded", function () {
  var lang = document.documentElement.lang || "en";
  var format;
  try {
    format = new Intl.DateTimeFormat(lang, {
      weekday: "short", day: "numeric", month: "short", year: "numeric",
      hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short"
    });
  } catch (e) {
    return;
  }
  var zone = format.resolvedOptions().timeZone;
  document.querySelectorAll("time[datetime]").forEach(function (element) {
    var when = new Date(element.getAttribute("datetime"));
    if (!isNaN(when.getTime())) {
      element.textContent = format.format(when);
      element.setAttribute("title", element.getAttribute("datetime"));
    }
  });
  document.querySelectorAll("span.zone").forEach(function (element) {
    if (zone) { element.textContent = zone; }
  });
});
