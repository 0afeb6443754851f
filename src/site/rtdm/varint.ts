/**
 * Unsigned LEB128 varints (7 bits a byte, high bit = more), for the skeleton codec: child counts and label indices
 * are almost all below 128, so one byte each.
 */
export class ByteWriter {
  private buf = new Uint8Array(64);
  private len = 0;

  uint(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new RangeError(`varint: ${value} is not a uint32`);
    let v = value;
    do {
      this.grow(1);
      const low = v & 0x7f;
      v = Math.floor(v / 128);
      this.buf[this.len++] = v > 0 ? low | 0x80 : low;
    } while (v > 0);
  }

  byte(value: number): void {
    this.grow(1);
    this.buf[this.len++] = value & 0xff;
  }

  bytes(): Uint8Array {
    return this.buf.slice(0, this.len);
  }

  private grow(extra: number): void {
    if (this.len + extra <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.len + extra));
    next.set(this.buf);
    this.buf = next;
  }
}

export class ByteReader {
  private pos = 0;

  constructor(private readonly buf: Uint8Array) {}

  uint(): number {
    let value = 0;
    let scale = 1;
    for (let k = 0; k < 5; k++) {
      if (this.pos >= this.buf.length) throw new Error('varint: data ends inside a number');
      const b = this.buf[this.pos++];
      value += (b & 0x7f) * scale;
      if ((b & 0x80) === 0) {
        if (value > 0xffffffff) throw new Error('varint: number does not fit in 32 bits');
        return value;
      }
      scale *= 128;
    }
    throw new Error('varint: number longer than 5 bytes');
  }

  byte(): number {
    if (this.pos >= this.buf.length) throw new Error('varint: data ends early');
    return this.buf[this.pos++];
  }

  get done(): boolean {
    return this.pos === this.buf.length;
  }
}
