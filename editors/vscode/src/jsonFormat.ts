// Formatting of DragonBones JSON. DragonBones files are in rigls's own "dragonbones" language
// (extension.ts says why), which VS Code's JSON language server does not serve, and rigls leaves
// JSON layout to the editor: this formats them as VS Code formats JSON, with jsonc-parser, the
// library the JSON language server formats with. Plain data in, edits out (offsets in UTF-16 code
// units, as JavaScript strings and VS Code documents count).

import { format, type FormattingOptions } from "jsonc-parser";

export interface JsonEdit {
    offset: number;
    length: number;
    content: string;
}

export interface JsonLayout {
    tabSize: number;
    insertSpaces: boolean;
    /** The document's line ending. */
    eol: "\n" | "\r\n";
    insertFinalNewline: boolean;
}

/** The edits that lay out `text` (or only `range` of it, offsets) as VS Code lays out JSON. */
export function formatJson(text: string, layout: JsonLayout, range?: { offset: number; length: number }): JsonEdit[] {
    const options: FormattingOptions = {
        tabSize: layout.tabSize,
        insertSpaces: layout.insertSpaces,
        eol: layout.eol,
        insertFinalNewline: layout.insertFinalNewline,
        keepLines: false,
    };
    return format(text, range, options);
}
