// Starts the API reference viewer (served by docs.go) on the element
// #souk-api-reference with the OpenAPI document named by its
// data-document. (The viewer mounts itself, without this configuration,
// on elements with the attributes of its older HTML API, data-url and
// data-spec-url, so the page uses neither.)
// Only this origin is used: no web fonts, no telemetry, no hosted
// assistant, no developer toolbar.
;(function () {
  var el = document.getElementById('souk-api-reference')
  if (!el || !window.Scalar) return
  window.Scalar.createApiReference('#souk-api-reference', {
    url: el.dataset.document,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
  })
})()
