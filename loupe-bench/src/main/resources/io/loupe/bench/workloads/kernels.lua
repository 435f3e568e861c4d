-- Four small classic kernels for the LuaJ workload. Each stresses a different part of the
-- interpreter: allocation of many small tables (binary trees), array-part reads and writes with
-- integer indices (fannkuch), field access on a few tables with float arithmetic (n-body), and
-- function calls in a tight double loop (spectral norm).
--
-- Called with the size name ("small" or "full"); returns one checksum line.

local size = ...
local full = size == "full"

-- Binary trees: build and walk complete trees of every other depth up to maxDepth.
local function bottomUp(depth)
  if depth == 0 then
    return {}
  end
  depth = depth - 1
  return { bottomUp(depth), bottomUp(depth) }
end

local function itemCheck(tree)
  if tree[1] then
    return 1 + itemCheck(tree[1]) + itemCheck(tree[2])
  end
  return 1
end

local function binaryTrees(maxDepth)
  local minDepth = 4
  local total = itemCheck(bottomUp(maxDepth + 1))
  local longLived = bottomUp(maxDepth)
  for depth = minDepth, maxDepth, 2 do
    local iterations = math.floor(2 ^ (maxDepth - depth + minDepth))
    for _ = 1, iterations do
      total = total + itemCheck(bottomUp(depth))
    end
  end
  return total + itemCheck(longLived)
end

-- Fannkuch-redux: for every permutation of 0..n-1, count the prefix reversals ("flips") until
-- 0 comes first; permutations are visited in the order of the counting scheme, with an
-- alternating-sign checksum of the flip counts.
local function fannkuch(n)
  local perm, order, count = {}, {}, {}
  for i = 0, n - 1 do
    order[i] = i
  end
  local maxFlips, checksum, index = 0, 0, 0
  local r = n
  while true do
    while r ~= 1 do
      count[r - 1] = r
      r = r - 1
    end
    for i = 0, n - 1 do
      perm[i] = order[i]
    end
    local flips = 0
    local first = perm[0]
    while first ~= 0 do
      local i, j = 0, first
      while i < j do
        perm[i], perm[j] = perm[j], perm[i]
        i, j = i + 1, j - 1
      end
      flips = flips + 1
      first = perm[0]
    end
    if flips > maxFlips then
      maxFlips = flips
    end
    if index % 2 == 0 then
      checksum = checksum + flips
    else
      checksum = checksum - flips
    end
    -- Advance to the next permutation: rotate the first r+1 elements until a counter is left.
    while true do
      if r == n then
        return checksum, maxFlips
      end
      local head = order[0]
      for i = 0, r - 1 do
        order[i] = order[i + 1]
      end
      order[r] = head
      count[r] = count[r] - 1
      if count[r] > 0 then
        break
      end
      r = r + 1
    end
    index = index + 1
  end
end

-- N-body: the four gas giants around the sun, leapfrog steps of 0.01 days; energy before and after.
local solarMass = 4 * math.pi * math.pi
local daysPerYear = 365.24

local function body(x, y, z, vx, vy, vz, mass)
  return { x = x, y = y, z = z, vx = vx * daysPerYear, vy = vy * daysPerYear, vz = vz * daysPerYear,
           mass = mass * solarMass }
end

local function planets()
  return {
    body(0, 0, 0, 0, 0, 0, 1),
    body(4.84143144246472090e+00, -1.16032004402742839e+00, -1.03622044471123109e-01,
         1.66007664274403694e-03, 7.69901118419740425e-03, -6.90460016972063023e-05,
         9.54791938424326609e-04),
    body(8.34336671824457987e+00, 4.12479856412430479e+00, -4.03523417114321381e-01,
         -2.76742510726862411e-03, 4.99852801234917238e-03, 2.30417297573763929e-05,
         2.85885980666130812e-04),
    body(1.28943695621391310e+01, -1.51111514016986312e+01, -2.23307578892655734e-01,
         2.96460137564761618e-03, 2.37847173959480950e-03, -2.96589568540237556e-05,
         4.36624404335156298e-05),
    body(1.53796971148509165e+01, -2.59193146099879641e+01, 1.79258772950371181e-01,
         2.68067772490389322e-03, 1.62824170038242295e-03, -9.51592254519715870e-05,
         5.15138902046611451e-05),
  }
end

local function offsetMomentum(bodies)
  local px, py, pz = 0, 0, 0
  for _, b in ipairs(bodies) do
    px, py, pz = px + b.vx * b.mass, py + b.vy * b.mass, pz + b.vz * b.mass
  end
  local sun = bodies[1]
  sun.vx, sun.vy, sun.vz = -px / solarMass, -py / solarMass, -pz / solarMass
end

local function energy(bodies)
  local e = 0
  for i = 1, #bodies do
    local a = bodies[i]
    e = e + 0.5 * a.mass * (a.vx * a.vx + a.vy * a.vy + a.vz * a.vz)
    for j = i + 1, #bodies do
      local b = bodies[j]
      local dx, dy, dz = a.x - b.x, a.y - b.y, a.z - b.z
      e = e - a.mass * b.mass / math.sqrt(dx * dx + dy * dy + dz * dz)
    end
  end
  return e
end

local function advance(bodies, dt)
  local n = #bodies
  for i = 1, n do
    local a = bodies[i]
    for j = i + 1, n do
      local b = bodies[j]
      local dx, dy, dz = a.x - b.x, a.y - b.y, a.z - b.z
      local d2 = dx * dx + dy * dy + dz * dz
      local magnitude = dt / (d2 * math.sqrt(d2))
      local am, bm = a.mass * magnitude, b.mass * magnitude
      a.vx, a.vy, a.vz = a.vx - dx * bm, a.vy - dy * bm, a.vz - dz * bm
      b.vx, b.vy, b.vz = b.vx + dx * am, b.vy + dy * am, b.vz + dz * am
    end
  end
  for i = 1, n do
    local b = bodies[i]
    b.x, b.y, b.z = b.x + dt * b.vx, b.y + dt * b.vy, b.z + dt * b.vz
  end
end

local function nbody(steps)
  local bodies = planets()
  offsetMomentum(bodies)
  local before = energy(bodies)
  for _ = 1, steps do
    advance(bodies, 0.01)
  end
  return before, energy(bodies)
end

-- Spectral norm: power iteration on A^T A for the infinite matrix A(i,j) = 1/((i+j)(i+j+1)/2+i+1).
local function a(i, j)
  local ij = i + j
  return 1.0 / (ij * (ij + 1) / 2 + i + 1)
end

local function multiplyAv(n, v, av)
  for i = 0, n - 1 do
    local sum = 0
    for j = 0, n - 1 do
      sum = sum + a(i, j) * v[j]
    end
    av[i] = sum
  end
end

local function multiplyAtv(n, v, atv)
  for i = 0, n - 1 do
    local sum = 0
    for j = 0, n - 1 do
      sum = sum + a(j, i) * v[j]
    end
    atv[i] = sum
  end
end

local function multiplyAtAv(n, v, out, tmp)
  multiplyAv(n, v, tmp)
  multiplyAtv(n, tmp, out)
end

local function spectralNorm(n)
  local u, v, tmp = {}, {}, {}
  for i = 0, n - 1 do
    u[i] = 1
  end
  for _ = 1, 10 do
    multiplyAtAv(n, u, v, tmp)
    multiplyAtAv(n, v, u, tmp)
  end
  local vBv, vv = 0, 0
  for i = 0, n - 1 do
    vBv = vBv + u[i] * v[i]
    vv = vv + v[i] * v[i]
  end
  return math.sqrt(vBv / vv)
end

local trees = binaryTrees(full and 14 or 10)
local fannSum, fannMax = fannkuch(full and 9 or 7)
local energyBefore, energyAfter = nbody(full and 250000 or 20000)
local norm = spectralNorm(full and 300 or 100)

return string.format("luaj trees=%d fannkuch=%d/%d nbody=%.9f/%.9f spectral=%.9f",
  trees, fannSum, fannMax, energyBefore, energyAfter, norm)
