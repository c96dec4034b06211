#!/usr/bin/env node
// A stand-in for the local ID-card reader service (docs/api.md "ID reader"): GET /readcard answers the card
// on the reader as JSON, with CORS open so that the console's page may call it from its own origin.
// Usage: node fake-id-reader.mjs <port> [card.json]   (without a card file: a fixed valid card)
import { createServer } from 'node:http'
import { readFileSync } from 'node:fs'

const port = Number(process.argv[2] ?? 18089)
// A 1×1 PNG, the portrait.
const PHOTO = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
const card = process.argv[3]
  ? JSON.parse(readFileSync(process.argv[3], 'utf8'))
  : {
      name: '读卡测试',
      idNumber: '410102199003074319',
      ethnicity: '汉',
      address: '河南省郑州市中原区建设路100号',
      issuingAuthority: '郑州市公安局中原分局',
      validFrom: '2018-06-01',
      validTo: '2038-06-01',
      photo: PHOTO,
    }

const server = createServer((request, response) => {
  const headers = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Methods': 'GET', 'Cache-Control': 'no-store' }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, headers).end()
  } else if (request.method === 'GET' && request.url?.startsWith('/readcard')) {
    response.writeHead(200, { ...headers, 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(card))
  } else {
    response.writeHead(404, headers).end()
  }
})
server.listen(port, '127.0.0.1', () => console.log(`fake ID reader on http://127.0.0.1:${port}/readcard`))
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
