// The aios-comm web page's script: fetches /api/state, renders it with DOM text nodes only (nothing a message or a
// handle contains is ever parsed as HTML), and refreshes when /api/events reports something. No framework.
// Every API call carries the token from ui.token, pasted once and kept in this tab's sessionStorage (which only this
// origin can read): as an Authorization header, for the event stream too, which is why it is read with fetch and
// not EventSource (EventSource cannot send headers, and a token in its URL would end up in history and logs).
'use strict'

const TOKEN_KEY = 'aios-comm-ui-token'
const STEPS = ['DELIVERED', 'READ', 'CONSUMED', 'COMPLETE']
const RECONNECT_MS = 1000 // after the event stream ends or the daemon drops a slow reader
let state = null
let refreshTimer = null
let stream = null // the AbortController of the open event stream

/** el('td', { class: 'mono' }, 'text', child…): every string becomes a text node. */
function el (tag, attrs, ...children) {
  const e = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null) continue
    if (k === 'class') e.className = v
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v)
    else e.setAttribute(k, String(v))
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue
    e.append(c instanceof Node ? c : document.createTextNode(String(c)))
  }
  return e
}

const short = (id, head = 8, tail = 6) => (typeof id === 'string' && id.length > head + tail + 1 ? `${id.slice(0, head)}…${id.slice(-tail)}` : id)
const time = iso => (typeof iso === 'string' ? iso.slice(11, 19) : '')
const badge = (text, cls) => el('span', { class: `badge ${cls || text}` }, text)
const token = () => sessionStorage.getItem(TOKEN_KEY) || ''
const auth = () => ({ authorization: `Bearer ${token()}` })

function uptime (s) {
  if (s < 60) return `${s}s`
  if (s < 3600) return `${Math.floor(s / 60)}m`
  return `${Math.floor(s / 3600)}h${Math.floor(s / 60) % 60}m`
}

function fill (id, rows, empty) {
  const body = document.querySelector(`#${id} tbody`)
  body.replaceChildren(...(rows.length > 0 ? rows : [el('tr', {}, el('td', { class: 'empty', colspan: 8 }, empty))]))
}

function setMode (text, cls) {
  const mode = document.getElementById('mode')
  mode.textContent = text
  mode.className = `badge ${cls}`
}

/** No token, or a refused one: nothing of the node is shown, only what to do. */
function locked (why) {
  state = null
  setMode(why, 'warn')
  liveBadge('offline', 'off')
  document.getElementById('node').textContent = 'paste the token from ui.token in the daemon\'s home'
  for (const id of ['mesh', 'events']) document.getElementById(id).replaceChildren()
  for (const id of ['obligations', 'outbox', 'wakes']) document.querySelector(`#${id} tbody`).replaceChildren()
  delete document.body.dataset.updated
}

function renderNode (s) {
  const n = s.node
  document.getElementById('node').replaceChildren(
    el('span', { title: n.peerId }, short(n.peerId, 12, 8)), ' · v', n.version, ' · up ', uptime(n.uptimeSeconds),
    ' · ', String(n.actors.length), n.actors.length === 1 ? ' seat' : ' seats', ' · outbox ', String(n.outbox.pending))
  setMode('actions enabled', 'ok')
}

function renderMesh (s) {
  document.getElementById('mesh').replaceChildren(...s.mesh.map(node => el('div', { class: `nodecard${node.self ? ' self' : ''}`, 'data-peer': node.peerId },
    el('div', { class: 'title' },
      el('span', { class: 'peer', title: node.peerId }, node.self ? 'this node · ' : '', short(node.peerId, 12, 8)),
      el('span', {}, node.online ? badge('online', 'on') : badge('offline', 'off'), node.latencyMs !== undefined && !node.self ? el('span', { class: 'hash' }, ` ${node.latencyMs.toFixed(1)} ms`) : '')),
    el('div', { class: 'addr' }, (node.addresses || [])[0] || 'no address known'),
    node.seats.length === 0 ? el('div', { class: 'empty' }, 'no seats') : node.seats.map(seat => el('div', { class: 'seat', 'data-seat': seat.handle },
      el('span', { class: 'handle' }, seat.handle), ' ',
      seat.healthy === true ? badge('healthy', 'ok') : seat.healthy === false ? el('span', { class: 'badge warn', title: seat.problem || '' }, 'unhealthy') : '',
      el('div', { class: 'current' }, `Current: ${seat.carrier}${seat.model ? ` · ${seat.model}` : ''}${seat.pane ? ` · pane ${seat.pane}` : ''} · card seq ${seat.seq} · ${seat.updatedAt.slice(0, 19).replace('T', ' ')}`))))))
}

function chain (o) {
  const byState = new Map(o.receipts.map(r => [r.state, r]))
  const wanted = byState.has('REJECTED') ? ['DELIVERED', 'READ', 'REJECTED'] : o.auditor !== undefined ? [...STEPS, 'AUDITED'] : STEPS
  return el('div', { class: 'chain' }, wanted.map(st => {
    const r = byState.get(st)
    const cls = r === undefined ? '' : r.verified ? 'done' : 'bad'
    const title = r === undefined ? 'not yet' : `${r.at} signed by ${r.signer}${r.verified ? ' — verified' : ` — NOT VERIFIED: ${r.reason}`}`
    const label = r !== undefined && r.verdict !== undefined ? `${st} ${r.verdict}` : st
    return el('span', { class: `step ${cls}${r !== undefined && r.verdict === 'FAIL' ? ' bad' : ''}`, title, 'data-state': st }, r === undefined ? st : `${label} ${r.verified ? '✓' : '✗'}`)
  }))
}

function evidence (o) {
  const c = o.journey.find(s => s.evidence !== undefined)
  const r = o.receipts.find(x => x.evidence !== undefined)
  if (r === undefined) return ''
  return el('div', {}, el('span', { class: `badge ${c && c.evidence === 'evidence ok' ? 'ok' : 'bad'}` }, c ? c.evidence : r.evidence.check),
    el('div', { class: 'hash', title: r.evidence.path }, `sha256 ${r.evidence.sha256.slice(0, 16)}…`))
}

/** Role work (to role:NAME): who holds it now, until when, with which fence; or that it waits for a seat to claim it. */
function roleCell (o) {
  if (!o.role) return ''
  const r = o.role
  return el('div', { class: 'role', 'data-holder': r.holder || '' }, r.holder === undefined
    ? badge('unclaimed', 'warn')
    : [badge(r.mine ? 'held here' : 'held', r.mine ? 'ok' : 'off'), ` ${r.holder} until ${time(r.until)} · fence ${r.fence}`])
}

function actions (o) {
  // an audited obligation's COMPLETE waits for its verdict; AUDITED is its end
  const final = (o.state === 'COMPLETE' && o.auditor === undefined) || o.state === 'AUDITED' || o.state === 'REJECTED' || o.state === 'CANCELED'
  const buttons = []
  if (o.auditing && o.state === 'COMPLETE') {
    buttons.push(el('button', { onclick: () => act(o.obligation, 'audit', { verdict: 'pass', sentence: prompt('What did you check?', 'Checked the evidence.') }) }, 'pass'))
    buttons.push(el('button', { onclick: () => act(o.obligation, 'audit', { verdict: 'fail', sentence: prompt('What is wrong?', '') }) }, 'fail'))
  }
  if (o.role && o.recipient && !final) {
    // role work: claimed before anything else; read, ack and reject only while a seat here holds the live lease
    const lease = () => { const m = prompt('Lease in minutes:', '10'); return m === null ? null : { leaseMs: Math.round(Number(m) * 60_000) } }
    if (o.role.holder === undefined) buttons.push(el('button', { onclick: () => act(o.obligation, 'claim', lease()) }, 'claim'))
    if (o.role.mine) {
      buttons.push(el('button', { onclick: () => act(o.obligation, 'ack', { sentence: prompt('One sentence for the receipt:', 'Done.') }) }, 'ack'))
      buttons.push(el('button', { onclick: () => act(o.obligation, 'reject', { reason: prompt('Why reject it?', '') }) }, 'reject'))
      buttons.push(el('button', { onclick: () => act(o.obligation, 'renew', lease()) }, 'renew'))
      buttons.push(el('button', { onclick: () => act(o.obligation, 'release', {}) }, 'release'))
    }
  } else if (o.recipient && !final) {
    buttons.push(el('button', { onclick: () => act(o.obligation, 'ack', { sentence: prompt('One sentence for the receipt:', 'Done.') }) }, 'ack'))
    buttons.push(el('button', { onclick: () => act(o.obligation, 'reject', { reason: prompt('Why reject it?', '') }) }, 'reject'))
  }
  if (o.sender && o.delivery && o.delivery.status !== 'pending') buttons.push(el('button', { onclick: () => act(o.obligation, 'retry', {}) }, 'retry'))
  return buttons
}

function renderObligations (s) {
  fill('obligations', s.obligations.map(o => el('tr', { 'data-obligation': o.obligation },
    el('td', { class: 'mono', title: o.obligation }, short(o.obligation, 11, 4)),
    el('td', {}, o.from, ' → ', o.to),
    el('td', {}, badge(o.state), roleCell(o)),
    el('td', { class: 'preview' }, o.preview === undefined ? el('span', { class: 'empty' }, 'not held here') : o.preview),
    el('td', {}, chain(o)),
    el('td', {}, evidence(o)),
    el('td', { class: 'note' }, o.verdict),
    el('td', {}, actions(o)))), 'no obligations yet')
}

function renderOutbox (s) {
  fill('outbox', s.outbox.map(i => el('tr', {}, el('td', {}, i.kind), el('td', { class: 'mono' }, short(i.obligation, 11, 4)), el('td', {}, i.dest),
    el('td', {}, badge(i.status, i.status === 'pending' ? 'warn' : 'bad')), el('td', {}, String(i.attempts)), el('td', { class: 'note' }, i.lastError || ''))), 'outbox empty')
}

function renderWakes (s) {
  fill('wakes', s.wakes.map(w => el('tr', {}, el('td', { class: 'mono' }, time(w.at)), el('td', {}, w.seat), el('td', { class: 'mono' }, short(w.obligation, 11, 4)),
    el('td', {}, badge(w.result, w.result === 'ok' ? 'ok' : 'bad')), el('td', { class: 'note' }, w.code ? `${w.code}: ${w.error || ''}` : `${w.count} named`))), 'no wakes yet')
}

function eventText (e) {
  switch (e.type) {
    case 'sent': case 'delivered': return `${e.type} ${e.obligation} ${e.from} → ${e.to}`
    case 'receipt': return `${e.state} ${e.obligation} by ${e.actor}`
    case 'wake': return `wake ${e.result} ${e.seat} ${e.obligation}${e.code ? ` ${e.code}` : ''}`
    case 'peer': return `peer ${e.status} ${e.peerId}`
    case 'refused': return `REFUSED ${e.what} ${e.code}: ${e.reason}`
    default: return e.type
  }
}

function renderEvents (s) {
  const list = s.events.filter(e => e.type !== 'directory')
  document.getElementById('events').replaceChildren(...(list.length > 0 ? list.map(e => el('li', {}, el('span', { class: 't' }, time(e.at)), eventText(e))) : [el('li', { class: 'empty' }, 'nothing yet')]))
}

async function refresh () {
  if (!token()) return locked('token needed')
  const res = await fetch('/api/state', { headers: auth(), cache: 'no-store' })
  if (res.status === 401) return locked('token refused')
  state = await res.json()
  renderNode(state)
  renderMesh(state)
  renderObligations(state)
  renderOutbox(state)
  renderWakes(state)
  renderEvents(state)
  document.body.dataset.updated = state.at
}

function soon () {
  clearTimeout(refreshTimer)
  refreshTimer = setTimeout(() => { refresh().catch(() => {}) }, 150)
}

async function act (obligation, verb, body) {
  if (body === null || (verb !== 'retry' && (body.sentence === null || body.reason === null))) return
  const res = await fetch(`/api/obligations/${obligation}/${verb}`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...auth() }, body: JSON.stringify(body)
  })
  const answer = await res.json()
  document.getElementById('action-result').textContent = answer.error ? `${verb} refused: ${answer.error.code}: ${answer.error.message}` : `${verb} ${obligation}: ${answer.state || 'done'}${answer.holder ? ` by ${answer.holder} until ${answer.expiresAt} (fence ${answer.fence})` : ''}`
  soon()
}

function liveBadge (text, cls) {
  const badgeEl = document.getElementById('live')
  badgeEl.textContent = text
  badgeEl.className = `badge ${cls}`
}

/** Reads /api/events (Server-Sent Events) with fetch: each event refreshes the page; a dropped or ended stream reconnects. */
async function follow (signal) {
  const res = await fetch('/api/events', { headers: auth(), cache: 'no-store', signal })
  if (res.status === 401) return locked('token refused')
  if (!res.ok || res.body === null) throw new Error(`events: HTTP ${res.status}`)
  liveBadge('live', 'on')
  soon()
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) throw new Error('events: the stream ended')
    buffer += value
    let end
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, end)
      buffer = buffer.slice(end + 2)
      if (/^event: dropped$/m.test(block)) throw new Error('events: dropped as too slow')
      if (/^data:/m.test(block)) soon()
    }
  }
}

function live () {
  if (stream !== null) stream.abort()
  stream = null
  if (!token()) return
  const controller = stream = new AbortController()
  follow(controller.signal).catch(() => {
    if (controller.signal.aborted) return
    liveBadge('reconnecting', 'off')
    setTimeout(() => { if (stream === controller) live() }, RECONNECT_MS)
  })
}

document.getElementById('token-form').addEventListener('submit', ev => {
  ev.preventDefault()
  const input = document.getElementById('token')
  if (input.value.trim() === '') sessionStorage.removeItem(TOKEN_KEY)
  else sessionStorage.setItem(TOKEN_KEY, input.value.trim())
  input.value = ''
  refresh().catch(() => {})
  live()
})

refresh().catch(() => {})
live()
