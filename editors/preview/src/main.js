// The rigls preview: draws the scenes of `docs/scene.md` (2-D DragonBones, 3-D `.elem`) with
// pickers, playback and a link to the editor. One bundle for VS Code's webview and for
// `rigls preview`'s page; `hosts.js` tells them apart.

import { View2d } from "./draw2d.js";
import { NoWebGL, View3d } from "./draw3d.js";
import { union } from "./geometry.js";
import { detectHost } from "./hosts.js";
import { advance, describeTime, frameAt, nearestIndex, passTimes, timeOfFrame } from "./player.js";
import { CSS } from "./style.js";
import { MeshStore } from "./unpack.js";

/** The scene version this page reads: meshes packed, what the page holds left out. */
const SCENE_VERSION = 2;

/** The frames of a pass asked for at once (a skeleton's frame can be 100 KB). */
const PASS_CHUNK = 8;

/** How long the document stays unchanged before a pass is fetched, in milliseconds. */
const PASS_DELAY_MS = 250;

function element(tag, props = {}, children = []) {
    const el = document.createElement(tag);
    Object.assign(el, props);
    for (const child of children) el.append(child);
    return el;
}

function option(value, label) {
    return element("option", { value, textContent: label });
}

class Preview {
    constructor(host, root) {
        this.host = host;
        this.root = root;
        this.armature = null;
        this.target = null; // null: the server's default (the first target the document is checked for)
        this.animation = undefined; // undefined: not chosen yet (the default animation is taken)
        this.time = 0;
        this.playing = false;
        this.speed = 1;
        this.loop = true;
        this.bones = true;
        this.highlight = null;
        this.answer = null; // the last good answer
        this.meshes = new MeshStore(); // the meshes' fixed parts held
        this.elements = null; // {version, list}: the elements of a document version
        this.scene = null; // the scene drawn
        this.pass = null; // {key, times, scenes}: the frames of one pass
        this.generation = 0;
        this.trips = []; // how long answers took ({ms, frames, serverMs})
        // When (Date.now()) the page started, first asked, was first answered, showed and drew.
        this.marks = { started: Date.now() };
        this.build();
        this.view = null;
        host.onEvent((event) => this.onEvent(event));
    }

    build() {
        const style = element("style", { textContent: CSS });
        document.head.append(style);
        this.armaturePicker = element("select", { title: "Armature", className: "armature" });
        this.targetPicker = element("select", { title: "Draw as this runtime draws it", className: "target" });
        this.animationPicker = element("select", { title: "Animation", className: "animation" });
        this.playButton = element("button", { textContent: "Play", className: "play", title: "Play / pause (space)" });
        this.scrubber = element("input", { type: "range", min: 0, max: 0, step: 1, value: 0, className: "scrubber" });
        this.timeLabel = element("span", { className: "time", textContent: "setup pose" });
        this.speedPicker = element("select", { title: "Speed", className: "speed" }, [
            option("0.25", "0.25×"), option("0.5", "0.5×"), option("1", "1×"), option("2", "2×"),
        ]);
        this.speedPicker.value = "1";
        this.loopBox = element("input", { type: "checkbox", checked: true, className: "loop" });
        this.bonesBox = element("input", { type: "checkbox", checked: true, className: "bones" });
        this.fitButton = element("button", { textContent: "Fit", title: "Fit the model to the view", className: "fit" });
        const bar = element("div", { className: "bar" }, [
            this.armaturePicker, this.targetPicker, this.animationPicker, this.playButton, this.scrubber, this.timeLabel,
            this.speedPicker,
            element("label", {}, [this.loopBox, "Loop"]),
            element("label", {}, [this.bonesBox, "Bones"]),
            this.fitButton,
        ]);
        this.banner = element("div", { className: "banner", hidden: true });
        // The view's canvas goes in the stage (each view makes its own: a 2-D or a WebGL context).
        this.stage = element("div", { className: "stage" });
        // What is highlighted (clicked, or under the editor's cursor), then the scene's notes.
        this.selection = element("span", { className: "selection" });
        this.notes = element("span", { className: "notes" });
        this.status = element("div", { className: "status" }, [this.selection, this.notes]);
        this.root.append(bar, this.banner, this.stage, this.status);
        this.probe = element("div", { hidden: true });
        this.root.append(this.probe);

        this.armaturePicker.onchange = () => {
            this.armature = this.armaturePicker.value;
            this.animation = undefined;
            this.time = 0;
            this.reload();
        };
        this.targetPicker.onchange = () => {
            // The same armature, animation and time, as another runtime shows them.
            this.target = this.targetPicker.value || null;
            this.reload();
        };
        this.animationPicker.onchange = () => {
            this.animation = this.animationPicker.value || null;
            this.time = 0;
            this.reload();
        };
        this.playButton.onclick = () => this.setPlaying(!this.playing);
        this.scrubber.oninput = () => {
            this.setPlaying(false);
            this.seek(timeOfFrame(this.currentAnimation(), Number(this.scrubber.value)));
        };
        this.speedPicker.onchange = () => (this.speed = Number(this.speedPicker.value));
        this.loopBox.onchange = () => (this.loop = this.loopBox.checked);
        this.bonesBox.onchange = () => {
            this.bones = this.bonesBox.checked;
            this.draw();
        };
        this.fitButton.onclick = () => {
            if (this.view) this.view.fitView();
            this.draw();
        };
        window.addEventListener("keydown", (e) => {
            if (e.key === " " && e.target === document.body) {
                e.preventDefault();
                this.setPlaying(!this.playing);
            }
        });
        new ResizeObserver(() => this.resize()).observe(this.stage);
        // VS Code changes its theme's colours on the page's root and body: draw in the new ones.
        const themed = new MutationObserver(() => this.draw());
        themed.observe(document.documentElement, { attributes: true, attributeFilter: ["style", "class"] });
        themed.observe(document.body, { attributes: true, attributeFilter: ["class"] });
        this.pointer();
    }

    /**
     * Clicks select; in 2-D a drag pans and the wheel zooms (the 3-D view's camera has controls
     * of its own, on its canvas).
     */
    pointer() {
        let drag = null;
        const at = (e) => {
            const r = this.stage.getBoundingClientRect();
            return [(e.clientX - r.left) * devicePixelRatio, (e.clientY - r.top) * devicePixelRatio];
        };
        const flat = () => this.view instanceof View2d;
        this.stage.addEventListener("pointerdown", (e) => {
            drag = { start: at(e), last: at(e), moved: false };
            if (flat()) this.stage.setPointerCapture(e.pointerId);
        });
        this.stage.addEventListener("pointermove", (e) => {
            if (!drag || !this.view) return;
            const p = at(e);
            const [dx, dy] = [p[0] - drag.last[0], p[1] - drag.last[1]];
            drag.last = p;
            if (Math.hypot(p[0] - drag.start[0], p[1] - drag.start[1]) > 3 * devicePixelRatio) drag.moved = true;
            if (!drag.moved || !flat()) return;
            this.view.panBy(dx, dy);
            this.draw();
        });
        this.stage.addEventListener("pointerup", (e) => {
            const click = drag && !drag.moved;
            drag = null;
            if (click && this.view) this.click(...at(e));
        });
        this.stage.addEventListener(
            "wheel",
            (e) => {
                if (!flat()) return;
                e.preventDefault();
                const [x, y] = at(e);
                this.view.zoomAt(x, y, Math.exp(-e.deltaY * 0.0015));
                this.draw();
            },
            { passive: false },
        );
    }

    /** The stage's size in device pixels. */
    stageSize() {
        return [
            Math.max(1, Math.round(this.stage.clientWidth * devicePixelRatio)),
            Math.max(1, Math.round(this.stage.clientHeight * devicePixelRatio)),
        ];
    }

    resize() {
        if (!this.view) return;
        const [w, h] = this.stageSize();
        if (this.view.size && this.view.size[0] === w && this.view.size[1] === h) return;
        this.view.resize(w, h);
        this.draw();
    }

    /** Clicking a thing highlights it and tells the host (the editor selects its definition). */
    click(x, y) {
        const hit = this.view.hit(x, y, this.bones);
        if (!hit || !this.answer) return;
        this.setHighlight(hit);
        const found = this.highlighted();
        if (found) this.host.select(found);
    }

    /** Highlights `hl` ({kind, index}, or null: nothing) and says what it is in the status line. */
    setHighlight(hl) {
        this.highlight = hl;
        const found = this.highlighted();
        this.selection.textContent = found ? `${found.kind} ${found.name}` : "";
        this.draw();
    }

    /** The element highlighted, if the answer has one of that kind and index. */
    highlighted() {
        const hl = this.highlight;
        if (!hl || !this.answer) return null;
        return this.answer.elements.find((e) => e.kind === hl.kind && e.index === hl.index) || null;
    }

    onEvent(event) {
        if (event.type === "changed") {
            this.changedAt = performance.now();
            this.reload();
        } else if (event.type === "highlight") {
            this.setHighlight(event.kind ? { kind: event.kind, index: event.index } : null);
        } else if (event.type === "time") {
            this.setPlaying(false);
            if (event.animation !== undefined && event.animation !== this.animation) {
                this.animation = event.animation;
                this.time = event.time || 0;
                this.reload();
            } else {
                this.seek(event.time || 0);
            }
        }
    }

    currentAnimation() {
        const scene = this.scene;
        if (!scene || !this.animation) return null;
        return scene.animations.find((a) => a.name === this.animation) || null;
    }

    params(times) {
        return {
            version: SCENE_VERSION, armature: this.armature, animation: this.animation ?? null, target: this.target, times,
        };
    }

    /**
     * The answer for `times`, whole: the host is told which meshes and elements the page holds
     * (the answer leaves them out), and they are put back.
     */
    async ask(times) {
        const holding = { meshes: this.meshes.held(), elementsOf: this.elements ? this.elements.version : null };
        const asked = performance.now();
        this.marks.asked ??= Date.now();
        let answer = await this.host.request({ ...this.params(times), ...holding });
        this.marks.answered ??= Date.now();
        this.timed(asked, times.length, answer);
        if (answer && !answer.error && !this.complete(answer)) {
            answer = await this.host.request({ ...this.params(times), meshes: [], elementsOf: null });
            if (answer && !answer.error && !this.complete(answer)) throw new Error("the scene came without its meshes");
        }
        return answer;
    }

    /**
     * Keeps how long the host took to answer (the last 200 answers, for the end-to-end tests): in
     * all, and the server's part when the host says (VS Code's `serverMs`).
     */
    timed(asked, frames, answer) {
        this.trips.push({ ms: performance.now() - asked, frames, serverMs: answer ? answer.serverMs : undefined });
        if (this.trips.length > 200) this.trips.shift();
    }

    /** Puts back what `answer` left out; false when the page no longer holds it. */
    complete(answer) {
        if (!this.meshes.unpack(answer)) return false;
        if (answer.elements) {
            this.elements = { version: answer.documentVersion, list: answer.elements };
        } else if (this.elements && this.elements.version === answer.documentVersion) {
            answer.elements = this.elements.list;
        } else {
            return false;
        }
        return true;
    }

    /** Asks for the scene now (what an edit must show quickly), then the frames of a pass. */
    async reload() {
        const generation = ++this.generation;
        this.pass = null;
        let answer;
        try {
            answer = await this.ask([this.time]);
        } catch (error) {
            if (generation === this.generation) this.showProblem(String(error.message || error));
            return;
        }
        if (generation !== this.generation || !answer) return;
        if (answer.error) {
            const kind = answer.error.kind;
            if ((kind === "unknownAnimation" && this.animation) || (kind === "unknownArmature" && this.armature)) {
                // What was chosen is gone (renamed or deleted): start from the defaults again.
                if (kind === "unknownArmature") this.armature = null;
                this.animation = undefined;
                this.time = 0;
                return this.reload();
            }
            this.showProblem(answer.error.message);
            return;
        }
        const scene = answer.scenes[0];
        if (this.animation === undefined && scene.defaultAnimation) {
            this.animation = scene.defaultAnimation;
            return this.reload();
        }
        this.answer = answer;
        this.showProblem(null);
        this.show(scene);
        this.marks.shown ??= Date.now();
        if (this.changedAt !== undefined) {
            // How long the host's "changed" took to become a picture (the e2e tests print it).
            this.root.dataset.updateMs = (performance.now() - this.changedAt).toFixed(1);
            this.changedAt = undefined;
        }
        this.prefetch(generation, answer.documentVersion);
    }

    /**
     * Fetches every frame of a pass of the animation, to play from memory: once the document has
     * stayed unchanged a moment (typing fetches no passes), a few frames a request (a pass of a
     * large skeleton is megabytes, which a host relays whole: an edit's scene would wait behind
     * it), and no more once the document changed.
     */
    async prefetch(generation, documentVersion) {
        const animation = this.currentAnimation();
        if (!animation) return;
        await new Promise((resolve) => setTimeout(resolve, PASS_DELAY_MS));
        const times = passTimes(animation);
        const pass = { times: [], scenes: [] };
        for (let i = 0; i < times.length; i += PASS_CHUNK) {
            if (generation !== this.generation) return;
            let answer;
            try {
                answer = await this.ask(times.slice(i, i + PASS_CHUNK));
            } catch {
                return;
            }
            if (generation !== this.generation || !answer || answer.error || answer.documentVersion !== documentVersion) return;
            pass.times.push(...answer.times);
            pass.scenes.push(...answer.scenes);
        }
        this.pass = pass;
        if (this.view instanceof View2d) {
            this.view.setScene(this.scene, unionBounds(pass.scenes));
            this.draw();
        }
    }

    showProblem(message) {
        this.banner.hidden = !message;
        this.banner.textContent = message ? `${message}${this.scene ? "\n(showing the last good state)" : ""}` : "";
        this.root.dataset.state = message ? "error" : "ready";
    }

    /** Shows a scene: fills the pickers, makes the right view, draws. */
    show(scene) {
        const kind = scene.kind;
        if (!this.view || (kind === "3d") !== this.view instanceof View3d) {
            if (!this.makeView(kind === "3d" ? View3d : View2d)) return;
        }
        this.scene = scene;
        this.fillPickers(scene);
        this.view.setScene(scene, this.pass ? unionBounds(this.pass.scenes) : null);
        this.notes.textContent = scene.notes.join(" ");
        const found = this.highlighted();
        this.selection.textContent = found ? `${found.kind} ${found.name}` : "";
        this.root.dataset.documentVersion = String(this.answer ? this.answer.documentVersion : "");
        this.updateTime();
        this.draw();
    }

    /** A view, its canvas in the stage; false (and why, in the banner) when it cannot be had. */
    makeView(View) {
        if (this.view) this.view.dispose();
        this.view = null;
        this.stage.replaceChildren();
        try {
            this.view = new View(this.stage, (p) => this.host.imageUrl(p), () => this.draw());
        } catch (error) {
            if (!(error instanceof NoWebGL)) throw error;
            this.showProblem(error.message);
            return false;
        }
        this.view.resize(...this.stageSize());
        return true;
    }

    fillPickers(scene) {
        const sameOptions = (picker, values) =>
            picker.options.length === values.length && values.every((v, i) => picker.options[i].value === v);
        const armatures = scene.armatures.map((a) => a.name);
        if (!sameOptions(this.armaturePicker, armatures)) {
            this.armaturePicker.replaceChildren(...armatures.map((n) => option(n, n)));
        }
        this.armaturePicker.hidden = armatures.length === 0;
        this.armaturePicker.value = scene.armature || "";
        // `.elem` has rigls's own reading besides its targets; a DragonBones scene is always a runtime's.
        const own = scene.format === "elem" ? [{ name: "", title: "rigls's reading of the format" }] : [];
        const targets = [...own, ...(scene.targets || [])];
        if (!sameOptions(this.targetPicker, targets.map((t) => t.name))) {
            this.targetPicker.replaceChildren(...targets.map((t) => {
                const choice = option(t.name, t.name || "rigls");
                choice.title = t.title;
                return choice;
            }));
        }
        this.targetPicker.hidden = targets.length < 2;
        this.targetPicker.value = scene.target || "";
        const animations = ["", ...scene.animations.map((a) => a.name)];
        if (!sameOptions(this.animationPicker, animations)) {
            this.animationPicker.replaceChildren(
                option("", "(setup pose)"),
                ...scene.animations.map((a) => option(a.name, `${a.name} (${a.duration.toFixed(2)} s)`)),
            );
        }
        this.animationPicker.value = scene.animation || "";
        const animation = this.currentAnimation();
        this.scrubber.max = animation ? String(Math.round(animation.frameCount)) : "0";
        // An animation of no length has nothing to play (its one pose is the scrubber's frame 0).
        const playable = !!animation && animation.duration > 0;
        this.scrubber.disabled = !playable;
        this.playButton.disabled = !playable;
        if (animation) this.loop = this.loopBox.checked;
    }

    setPlaying(playing) {
        const animation = this.currentAnimation();
        playing = playing && !!animation && animation.duration > 0;
        if (playing === this.playing) return;
        this.playing = playing;
        this.playButton.textContent = playing ? "Pause" : "Play";
        this.root.dataset.playing = String(playing);
        if (playing) {
            if (!this.loop && this.time >= animation.duration) this.time = 0;
            let last = performance.now();
            const tick = (now) => {
                if (!this.playing) return;
                const step = advance(this.currentAnimation(), this.time, (now - last) / 1000, this.speed, this.loop);
                last = now;
                this.seek(step.time);
                if (!step.playing) this.setPlaying(false);
                else requestAnimationFrame(tick);
            };
            requestAnimationFrame(tick);
        }
    }

    /** Goes to `time`: the prefetched frame when there is one, else the server's scene. */
    seek(time) {
        this.time = time;
        this.updateTime();
        if (this.pass && this.pass.scenes.length > 0) {
            const scene = this.pass.scenes[nearestIndex(this.pass.times, time)];
            this.scene = scene;
            this.view.setScene(scene, unionBounds(this.pass.scenes));
            this.draw();
        } else if (!this.seeking) {
            this.seeking = true;
            const generation = this.generation;
            this.ask([time])
                .then((answer) => {
                    if (generation === this.generation && answer && !answer.error) {
                        this.scene = answer.scenes[0];
                        this.view.setScene(this.scene, null);
                        this.draw();
                    }
                })
                .catch(() => {})
                .finally(() => (this.seeking = false));
        }
    }

    updateTime() {
        const animation = this.currentAnimation();
        this.timeLabel.textContent = describeTime(animation, this.time);
        this.scrubber.value = String(frameAt(animation, this.time));
        this.root.dataset.frame = String(frameAt(animation, this.time));
        this.root.dataset.time = this.time.toFixed(4);
    }

    theme() {
        const read = (variable) => {
            this.probe.style.color = `var(${variable})`;
            return getComputedStyle(this.probe).color;
        };
        return {
            highlight: read("--highlight"),
            bone: read("--bone"),
            outline: read("--fg"),
            grid: `color-mix(in srgb, ${read("--fg")} 12%, transparent)`,
        };
    }

    draw() {
        if (!this.view) return;
        if (this.drawPending) return;
        this.drawPending = true;
        requestAnimationFrame(() => {
            this.drawPending = false;
            const start = performance.now();
            this.view.draw(this.theme(), { bones: this.bones, highlight: this.highlight });
            this.marks.drawn ??= Date.now();
            this.root.dataset.drawMs = (performance.now() - start).toFixed(2);
            this.root.dataset.highlight = this.highlight ? `${this.highlight.kind}:${this.highlight.index}` : "";
            this.root.dataset.draws = String(Number(this.root.dataset.draws || 0) + 1);
        });
    }
}

function unionBounds(scenes) {
    return union(scenes.map((s) => s.bounds));
}

const root = document.getElementById("rigls-preview") || document.body.appendChild(element("div", { id: "rigls-preview" }));
const host = detectHost();
const preview = new Preview(host, root);
window.riglsPreview = preview;
host.ready();
preview.reload();
