// Typing a board tile by tile, as people copy one off the table: a grid of
// cells, focus moving on as each is typed, Backspace going back, a
// multi-letter tile (Qu, IJ, L·L) in one cell, and a whole board pasted in
// one go. The cells only hold what was typed: the pack's own rules read
// them (solve.ts hands the text to the solver), not a second copy here.

export class GridEntry {
  private readonly el: HTMLElement;
  private cells: HTMLInputElement[] = [];
  rows = 4;
  cols = 4;
  /** Called with the board as text whenever a cell changes. */
  onChange: (text: string) => void = () => {};
  /** Called with pasted text that looks like a whole board. */
  onPaste: (text: string) => void = () => {};

  constructor(el: HTMLElement) {
    this.el = el;
  }

  /** Lays out an empty `rows` x `cols` grid (keeping what fits of the old one). */
  build(rows: number, cols: number, faces: (string | null)[] = []): void {
    this.rows = rows;
    this.cols = cols;
    this.el.style.setProperty("--cols", String(cols));
    this.cells = [];
    for (let i = 0; i < rows * cols; i++) {
      const input = document.createElement("input");
      input.autocomplete = "off";
      input.spellcheck = false;
      input.setAttribute("autocapitalize", "characters");
      input.setAttribute("aria-label", `Row ${Math.floor(i / cols) + 1}, column ${(i % cols) + 1}`);
      input.dataset.index = String(i);
      input.maxLength = 4;
      input.value = faces[i] ?? "";
      input.addEventListener("keydown", (e) => this.key(e, i));
      input.addEventListener("input", (e) => this.typed(e as InputEvent, i));
      // A tile tapped or clicked is chosen whole: what is typed replaces it.
      // A tile reached by Backspace keeps its letters, the caret after them,
      // so a second letter joins the first (I then J is IJ).
      input.addEventListener("pointerdown", () => {
        this.pointed = i;
      });
      input.addEventListener("focus", () => {
        const whole = this.pointed === i;
        this.pointed = null;
        input.setSelectionRange(whole ? 0 : input.value.length, input.value.length);
      });
      input.addEventListener("pointerup", () => {
        if (document.activeElement === input) input.setSelectionRange(0, input.value.length);
      });
      input.addEventListener("paste", (e) => {
        const text = e.clipboardData?.getData("text") ?? "";
        if (text.trim().length > 4 || /[\s/]/.test(text.trim())) {
          e.preventDefault();
          this.onPaste(text.trim());
        }
      });
      this.cells.push(input);
    }
    this.el.replaceChildren(...this.cells);
  }

  /** Fills the grid from a solved board's faces. */
  fill(rows: number, cols: number, faces: (string | null)[]): void {
    this.build(rows, cols, faces.map((f) => (f == null ? "." : f)));
  }

  /** The board as text: rows by `/`, a multi-letter cell in brackets. */
  text(): string {
    const rows: string[] = [];
    for (let r = 0; r < this.rows; r++) {
      rows.push(
        this.cells
          .slice(r * this.cols, (r + 1) * this.cols)
          .map((c) => {
            const v = c.value.trim();
            if (!v) return ".";
            return [...v].length > 1 ? `[${v}]` : v;
          })
          .join(""),
      );
    }
    return rows.join("/");
  }

  /** Whether every cell holds something. */
  full(): boolean {
    return this.cells.every((c) => c.value.trim() !== "");
  }

  focus(i = 0): void {
    this.cells[Math.max(0, Math.min(i, this.cells.length - 1))]?.focus();
  }

  /** The tile a pointer went down on, until it takes focus. */
  private pointed: number | null = null;

  private typed(e: InputEvent, i: number): void {
    const cell = this.cells[i];
    cell.value = cell.value.replace(/\s/g, "");
    this.onChange(this.text());
    if (e.inputType === "insertText" && cell.value && i + 1 < this.cells.length) this.focus(i + 1);
  }

  private key(e: KeyboardEvent, i: number): void {
    const cell = this.cells[i];
    const move: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -this.cols, ArrowDown: this.cols };
    if (e.key === "Backspace" && cell.value === "" && i > 0) {
      e.preventDefault();
      this.focus(i - 1);
    } else if (e.key in move && (e.key === "ArrowUp" || e.key === "ArrowDown" || cell.selectionStart === (e.key === "ArrowLeft" ? 0 : cell.value.length))) {
      const to = i + move[e.key];
      if (to >= 0 && to < this.cells.length) {
        e.preventDefault();
        this.focus(to);
      }
    }
  }
}
