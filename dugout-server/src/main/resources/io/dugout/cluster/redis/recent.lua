-- One room's recent entries (see RedisHistoryCache). Atomic per room: both keys share the room's
-- hash tag, so this also runs on Redis Cluster.
--
-- KEYS[1]  sorted set: score = seq, member = the entry's JSON as the store keeps it
-- KEYS[2]  hash: low     = the lowest seq from which the set holds every entry up to its highest
--                built   = when (Redis time, µs) this run of the set began
--                changes = how many changes (edits, deletes, reactions) this run was told of
-- ARGV[1]  'stored' | 'loaded' | 'before'
-- ARGV[2]  runs built before this time (µs) are not trusted: the caller may have lost a write
--          to them
--
-- Invariants: every seq in [low, highest] is in the set, and the highest is the room's newest
-- entry as far as the writers have told us; every message in the set is in the state the changes
-- told so far left it in, or a later one. Nothing here ever invents a seq.
local recent, meta = KEYS[1], KEYS[2]
local op = ARGV[1]
local trustedFrom = tonumber(ARGV[2])

-- why: Lua prints big numbers in exponent form; seqs and times go back to Redis as exact integers
local function int(x)
  return string.format('%.0f', x)
end

local function now()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000000 + tonumber(t[2])
end

-- the trusted window: low and highest seq, or nil
local function window()
  local m = redis.call('HMGET', meta, 'low', 'built')
  if not m[1] or not m[2] or tonumber(m[2]) < trustedFrom then
    return nil
  end
  local last = redis.call('ZRANGE', recent, -1, -1, 'WITHSCORES')
  if #last == 0 then
    return nil
  end
  return tonumber(m[1]), tonumber(last[2])
end

-- what a miss hands out and a page must bring back: this run, and how many changes it was told of
local function token()
  local m = redis.call('HMGET', meta, 'built', 'changes')
  return m[1] .. ':' .. (m[2] or '0')
end

-- keeps the newest `cap` entries, moves low up past what was dropped, refreshes the TTL
local function keep(cap, ttl)
  local size = redis.call('ZCARD', recent)
  if size > cap then
    redis.call('ZREMRANGEBYRANK', recent, 0, int(size - cap - 1))
    local first = redis.call('ZRANGE', recent, 0, 0, 'WITHSCORES')
    redis.call('HSET', meta, 'low', first[2])
  end
  redis.call('PEXPIRE', recent, int(ttl))
  redis.call('PEXPIRE', meta, int(ttl))
end

-- a decoded entry, or nil when it is not JSON this script can read
local function decoded(json)
  local ok, entry = pcall(cjson.decode, json)
  if ok and type(entry) == 'table' then
    return entry
  end
  return nil
end

-- whether an entry of the set is a change to the message at `seq` (or cannot be read)
local function changedInSet(seq)
  for _, member in ipairs(redis.call('ZRANGE', recent, 0, -1)) do
    if string.find(member, '"targetSeq":', 1, true) then
      local entry = decoded(member)
      if not entry or entry.targetSeq == seq then
        return true
      end
    end
  end
  return false
end

-- gives the cached message at `seq` the state `json`, unless its copy is as new (changedSeq)
local function replace(seq, changedSeq, json)
  local cached = redis.call('ZRANGEBYSCORE', recent, int(seq), int(seq))
  local current = cached[1] and decoded(cached[1])
  if not current then
    -- why: a copy that cannot be compared might be stale; without the run nothing is served
    redis.call('DEL', recent, meta)
    return
  end
  local have = current.changedSeq
  if type(have) ~= 'number' then
    have = 0
  end
  if changedSeq > have then
    redis.call('ZREMRANGEBYSCORE', recent, int(seq), int(seq))
    redis.call('ZADD', recent, int(seq), json)
  end
end

if op == 'stored' then
  -- ARGV[3] seq, ARGV[4] json, ARGV[5] cap, ARGV[6] ttl ms; for a change also ARGV[7] its
  -- target's seq, ARGV[8] the target's changedSeq (0: none) and ARGV[9] its JSON ('' if none)
  local seq = tonumber(ARGV[3])
  local change = ARGV[7] ~= nil
  local low, top = window()
  local joined = true
  if not low or seq > top + 1 then
    -- cold, untrusted, or entries between top and seq never arrived: begin a new run here
    redis.call('DEL', recent, meta)
    redis.call('ZADD', recent, int(seq), ARGV[4])
    redis.call('HSET', meta, 'low', int(seq), 'built', int(now()))
    low, top = seq, seq
  elseif seq == top + 1 then
    redis.call('ZADD', recent, int(seq), ARGV[4])
    top = seq
  elseif seq == low - 1 and (change or not changedInSet(seq)) then
    -- a write that overtook this one already began the run. why: a message joins only when no
    -- change in the run was made to it, for it carries its state from before those changes
    redis.call('ZADD', recent, int(seq), ARGV[4])
    redis.call('HSET', meta, 'low', int(seq))
    low = seq
  else
    joined = false
  end
  if not change then
    if not joined then
      return 0
    end
  else
    -- why: counted even when the change itself does not join, since a page read before it may
    -- still hold its target's earlier state (see 'loaded')
    redis.call('HINCRBY', meta, 'changes', 1)
    local target = tonumber(ARGV[7])
    if ARGV[9] ~= '' and target >= low and target <= top then
      replace(target, tonumber(ARGV[8]), ARGV[9])
    end
  end
  keep(tonumber(ARGV[5]), tonumber(ARGV[6]))
  return 1
elseif op == 'loaded' then
  -- ARGV[3] cap, ARGV[4] ttl ms, ARGV[5] lowest seq a, ARGV[6] highest seq b, ARGV[7] the token
  -- of the miss the page was read after, ARGV[8 ..] the entries a .. b in seq order
  local a, b = tonumber(ARGV[5]), tonumber(ARGV[6])
  local low = window()
  -- why: only a run that writes began may be extended; a page alone cannot say that nothing
  -- newer exists, so it never begins a run. A page read while a change was stored may hold the
  -- state that change replaced: the token differs then, and the page is dropped. A page only
  -- extends the run downwards: above it, writes tell of every entry together with the states it
  -- changes, and a page would add changes whose targets in the run kept their earlier state.
  if not low or ARGV[7] ~= token() or a >= low or b < low - 1 then
    return 0
  end
  for seq = a, math.min(b, low - 1) do
    redis.call('ZADD', recent, int(seq), ARGV[8 + seq - a])
  end
  redis.call('HSET', meta, 'low', int(a))
  keep(tonumber(ARGV[3]), tonumber(ARGV[4]))
  return 1
elseif op == 'before' then
  -- ARGV[3] beforeSeq, ARGV[4] limit; answers {'hit', json, ...} newest first, or {'miss', token}
  -- ({'miss'} when there is no trusted run for a page to join)
  local beforeSeq, limit = tonumber(ARGV[3]), tonumber(ARGV[4])
  local low, top = window()
  if not low then
    return {'miss'}
  end
  local hi = math.min(beforeSeq - 1, top)
  local lo = math.max(1, hi - limit + 1)
  if hi < low or lo < low then
    return {'miss', token()}
  end
  local page = redis.call('ZREVRANGEBYSCORE', recent, int(hi), int(lo))
  if #page ~= hi - lo + 1 then
    return {'miss', token()}
  end
  table.insert(page, 1, 'hit')
  return page
end
return redis.error_reply('unknown operation ' .. tostring(op))
