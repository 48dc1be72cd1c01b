// Print the meaning JSON (docs/conformance.md) of an SGF file as @sabaki/sgf reads it.
// @sabaki/sgf knows no value types: it unescapes every value. This adapter
// adds the FF[4] types of the Go properties (Go only, like the library).
const sgf = require('@sabaki/sgf')
const TEXT = ['C', 'GC']
const SIMPLE = 'AN BR BT CA CP DT EV GN N ON OT PB PC PW RE RO RU SO US WR WT'.split(' ')
const LISTS = 'AB AW AE CR DD MA SL SQ TB TR TW VW'.split(' ')
const PAIRS = ['AR', 'LN', 'LB', 'AP']
const KNOWN = new Set([...TEXT, ...SIMPLE, ...LISTS, ...PAIRS,
  ...'B W BL WL BM DM DO FF FG GB GM GW HA HO IT KM KO MN OB OW PL PM ST SZ TE TM UC V'.split(' ')])

const text = s => s.replace(/[\t\v\f]/g, ' ')
const split = s => { const i = s.indexOf(':'); return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)] }

function values(ident, vs) {
  if (TEXT.includes(ident)) return vs.map(text)
  if (SIMPLE.includes(ident)) return vs.map(v => text(v).replace(/\n/g, ' '))
  if (LISTS.includes(ident)) {
    const points = vs.flatMap(v => v === '' ? [] : sgf.parseCompressedVertices(v).map(sgf.stringifyVertex))
    return [...new Set(points)].sort()
  }
  if (PAIRS.includes(ident)) return vs.map(v => split(ident === 'AP' ? text(v) : v))
  if (ident === 'SZ' || ident === 'FG') return vs.map(v => v.includes(':') ? split(v) : v)
  if (KNOWN.has(ident)) return vs
  return vs.map(sgf.escapeString) // unknown properties: as written
}

function game(root) {
  const children = [], nodes = [], stack = [root]
  while (stack.length > 0) { // pre-order without recursion
    const node = stack.pop()
    children.push(node.children.length)
    nodes.push(Object.entries(node.data).map(([id, vs]) => [id, values(id, vs)]))
    stack.push(...[...node.children].reverse())
  }
  return {children, nodes}
}

const roots = sgf.parseFile(process.argv[2])
process.stdout.write(JSON.stringify({games: roots.map(game)}) + '\n')
