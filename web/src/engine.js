// The solver (boggle_web.wasm) behind a small JSON ABI: write a request into
// memory from alloc(), call, read the answer at the (pointer, length) packed
// in the returned u64, free both. See crates/web/src/lib.rs.
export class Engine {
  static async load(url = "boggle_web.wasm") {
    const response = await fetch(url);
    const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
    return new Engine(instance.exports);
  }

  constructor(exports) {
    this.x = exports;
    this.packs = new Map(); // language code or file name -> {id, ...}
  }

  call(name, bytes) {
    const x = this.x;
    const ptr = x.alloc(bytes.length);
    new Uint8Array(x.memory.buffer, ptr, bytes.length).set(bytes);
    const packed = x[name](ptr, bytes.length);
    x.dealloc(ptr, bytes.length);
    const outPtr = Number(packed >> 32n);
    const outLen = Number(packed & 0xffffffffn);
    const text = new TextDecoder().decode(new Uint8Array(x.memory.buffer, outPtr, outLen));
    x.dealloc(outPtr, outLen);
    const answer = JSON.parse(text);
    if (answer.error) throw new Error(answer.error);
    return answer;
  }

  json(name, request) {
    return this.call(name, new TextEncoder().encode(JSON.stringify(request)));
  }

  /** Loads a pack file's bytes under a key ("en", "nl", or a file's name). */
  addPack(key, bytes) {
    const info = this.call("load_pack", new Uint8Array(bytes));
    this.packs.set(key, info);
    return info;
  }

  async fetchPack(key, url) {
    if (this.packs.has(key)) return this.packs.get(key);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`pack ${key}: ${response.status} ${response.statusText}`);
    return this.addPack(key, await response.arrayBuffer());
  }

  solve(key, options) {
    const pack = this.packs.get(key);
    if (!pack) throw new Error(`pack ${key} is not loaded`);
    return this.json("solve", { ...options, pack: pack.id });
  }

  contains(key, word) {
    const pack = this.packs.get(key);
    return this.json("contains", { pack: pack.id, word }).in_pack;
  }

  roll(key, options) {
    const pack = this.packs.get(key);
    return this.json("roll", { ...options, pack: pack.id });
  }
}
