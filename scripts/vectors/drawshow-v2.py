# An independent implementation of drawshow-v2's derivation from the VRF
# outputs (the VRF itself is C2SP vrf-r255, checked against its own
# vectors): writes show/testdata/drawshow-v2.json.
#
#   python3 scripts/vectors/drawshow-v2.py show/testdata/drawshow-v2.json
import hashlib, hmac, json, struct, sys

# The auditor's key and its VRF outputs (C2SP vrf-r255, made by drawshow's
# show/keys from keys.Derive("auditor", "drawshow-v2 test vector")):
# the derivation below is checked from them, not the VRF.
pub = 'auditor+eddaa904+RIbGaam7nCfBXkBF5TpPOQpjk1U9qEFKLWQACjtUfST6uOLmeV2fiJgST2LMl7+m0Yc8lMd9ZMJIfoTxLBDuPT4='
asks = [
    ('K0', '12', '7ae0eaf76129867f763f8e18b1874dcde7c7ef18b70c0954163a35400f6a38f8', '6472617773686f772d763200323032342d31312d33302d6772632d736174007361742d636173680000000000000000000000000c7ae0eaf76129867f763f8e18b1874dcde7c7ef18b70c0954163a35400f6a38f8', 'a8a08b2969c405a925badb83609e5687ef96ca9cd7b17c90a517c00f3bfd3fdf3d554d4cca5cd55d22c406a144c3c98b8252759602d9c5f7355bac14f57d72a2', 'b28f87b8c76599cf8e25d42c10d7c00b822d774a832e62ac0902f8ce5513f12a63e3a82137283548c8f825fe7dab6ce161e9dc4047005ff9a954b83a93b6b3deea97780e35407b293591ee70abdb9809'),
    ('K1', '15', 'd513ff1435a5e7a4c6e9fa34ac9cc0a4039013f48fbb80dd1c9ed057b6fe0558', '6472617773686f772d763200323032342d31312d33302d6772632d736174007361742d636173680000000001000000000000000fd513ff1435a5e7a4c6e9fa34ac9cc0a4039013f48fbb80dd1c9ed057b6fe0558', 'c8d17b6c046e3f4fa05a4ea4171f41d45c3a719a6234c65916815cd9e72b393024fa626c5dc434c4af8eded6cfa050258d141b0641dce30f5aeed41d2bfae172', '808d53e3e1998f60800a289d01ea72116db83fd4c3b96fd3f22524796a6c7d26d055011ec6574ef62d458ae1094a1010ed4733e24cdb1adb6d153e9bc6684be5bfc5022888f921f2d818ae97a7120201'),
    ('K2', '18', '7d3799d8e7c4b85cf774b6a2de9b198f2e6c50e8295454b7d3933d3407d8091f', '6472617773686f772d763200323032342d31312d33302d6772632d736174007361742d63617368000000000200000000000000127d3799d8e7c4b85cf774b6a2de9b198f2e6c50e8295454b7d3933d3407d8091f', '810946aba91d4d8d504831aac906f2bda8ab0e579230f0bf0335ce39115724d7a9e246ce1a682db44a8277d15f505b5eb2d070754e84057d4d993d00095a78e2', '9edb9e3e153c1dfe288e8a88cfc01aa808593e791ae4f957b8485228c98386788d7c6ebfeb39b9ebd8154fe16c46ef47dbfbe59c0c8dbc432579bacc5afaa4471a612172fefda6ae05ddcdd9ec8c3c0f'),
]

def H(*parts): return hashlib.sha256(b''.join(parts)).digest()

seed = bytes(range(32))
W = "auditor-42"
show_id, draw_id = "2024-11-30-grc-sat", "sat-cash"
K = H(seed, W.encode())
Wd = "3 6"
Kd = H(K, b'\0', draw_id.encode(), b'\0', Wd.encode())
entries = [("GRC-%05d" % i, "C%03d" % (i // 2), 1 + i % 3) for i in range(40)]
entries.sort(key=lambda e: e[0].encode())
F = H(b''.join(f"{t}\t{p}\t{w}\n".encode() for t, p, w in entries))

def pick(key, alg, k, picked):
    pool = [e for e in entries if e[1] not in picked]
    T = sum(e[2] for e in pool)
    limit = (2**64 // T) * T
    j = 0
    while True:
        blk = hmac.new(key, alg.encode() + b'\0' + draw_id.encode() + b'\0' + F + struct.pack('>I', k) + struct.pack('>I', j), hashlib.sha256).digest()
        j += 1
        for i in range(4):
            x = struct.unpack('>Q', blk[8*i:8*i+8])[0]
            if x < limit:
                r = x % T
                s = 0
                for idx, e in enumerate(entries):
                    if e[1] in picked: continue
                    s += e[2]
                    if s > r: return idx
picks, picked = [], set()
for k, (name, seq, head, alpha_go, beta, proof) in enumerate(asks):
    seq = int(seq)
    alpha = b"drawshow-v2\0" + show_id.encode() + b"\0" + draw_id.encode() + b"\0" + struct.pack('>I', k) + struct.pack('>Q', seq) + bytes.fromhex(head)
    assert alpha.hex() == alpha_go, "alpha"
    Kk = H(Kd, b'\0', b'witnessed', b'\0', bytes.fromhex(beta))
    idx = pick(Kk, "drawshow-v2", k, picked)
    picks.append({"k": k, "seq": seq, "head": head, "alpha": alpha.hex(), "beta": beta, "proof": proof,
                  "pick_key": Kk.hex(), "ticket": entries[idx][0], "participant": entries[idx][1]})
    picked.add(entries[idx][1])
# a pick during an outage, keyed by the room's witness
Wu = "2 5"
k = len(asks)
Ku = H(Kd, b'\0', b'unwitnessed', b'\0', Wu.encode())
idx = pick(Ku, "drawshow-v2", k, picked)
picks.append({"k": k, "room": Wu, "pick_key": Ku.hex(), "ticket": entries[idx][0], "participant": entries[idx][1]})

json.dump({
  "algorithm": "drawshow-v2",
  "derivation": "K = SHA-256(S || W); K_d = SHA-256(K || 0x00 || segment || 0x00 || W_d) under each-draw, else K; alpha_k = 'drawshow-v2' 0x00 show 0x00 draw_id 0x00 uint32be(k) uint64be(seq) head(32 raw bytes), seq and head the row that made pick k due; beta_k = VRF-r255 output of the auditor's key on alpha_k; K_k = SHA-256(K_d || 0x00 || 'witnessed' || 0x00 || beta_k), or for a pick drawn unwitnessed SHA-256(K_d || 0x00 || 'unwitnessed' || 0x00 || W_u); B_j = HMAC-SHA256(K_k, 'drawshow-v2' 0x00 draw_id 0x00 F uint32be(k) uint32be(j)); pool and selection as drawshow-v1",
  "generator": "scripts/vectors/drawshow-v2.py, independent of the Go code",
  "seed": seed.hex(), "witness": W, "key": K.hex(), "show": show_id, "segment": draw_id, "draw_id": draw_id,
  "draw_witness": Wd, "draw_key": Kd.hex(), "auditor_key": pub,
  "entries": [{"ticket": t, "participant": p, "weight": w} for t, p, w in entries],
  "fingerprint": F.hex(), "picks": picks,
}, open(sys.argv[1], 'w'), indent=1)
