import GalleryCore

/// Random but replayable scripts for soak runs: drags of every speed, flings, key storms (with held-key repeats), mode
/// switches in the middle of animations and drags, resizes, wheel notches and touchpad streams, a touchpad's fingers
/// (Wayland: holds, 1:1 scrolls that rest and lift, pinches past the limits), pinches, pauses. One seed always gives the
/// same script.
public struct SoakScriptGenerator: Sendable {
    /// One kind of input burst the generator strings together.
    enum Gesture: CaseIterable {
        case drag, fling, keyStorm, modeSwitch, resize, wheelNotches, touchpadStream, pause, holdAndSwitch, pinch,
            feedEnd
    }

    /// Keys that switch modes; keys for modes a build does not offer yet are harmless (they do nothing), so new modes
    /// are soaked as soon as their key works.
    public var modeKeys: [String]
    /// Keys pressed in storms: every paging binding, the feed's retry, plus one that is bound to nothing.
    public var pagingKeys = [
        "Right", "Left", "Space", "Backspace", "n", "p", "PageUp", "PageDown", "Home", "End", "R", "F13",
    ]
    /// Seconds the feed's simulated network takes to answer (`SimulatedFeedSource.defaultDelay`): the end-of-feed
    /// gesture waits about this long, sometimes less, sometimes more.
    public var feedDelay = SimulatedFeedSource.defaultDelay

    /// A generator switching modes with `modeKeys` (by default the pager, wheel and feed mode keys, F2…F6).
    public init(modeKeys: [String] = ["F2", "F3", "F4", "F5", "F6"]) {
        self.modeKeys = modeKeys
    }

    /// The script for `seed`: `gestures` bursts starting in a window of `size`.
    public func script(seed: UInt64, gestures: Int, size: ViewportSize) -> Script {
        var random = SplitMix64(seed: seed)
        var builder = Builder(width: Double(size.width), height: Double(size.height))
        for _ in 0..<gestures {
            add(Gesture.allCases.randomElement(using: &random)!, to: &builder, random: &random)
            // Often the next burst starts while this one still animates.
            builder.time += random.nextBool(probability: 0.4) ? 0 : Double.random(in: 0...1.2, using: &random)
        }
        return Script(events: builder.events)
    }

    /// Events and the state they leave (time, window size), built up burst by burst.
    struct Builder {
        var width: Double
        var height: Double
        var time = 0.0
        var events: [ScriptEvent] = []

        mutating func add(_ command: ScriptCommand, after delay: Double = 0) {
            time += delay
            let command: ScriptCommand =
                switch command {
                case .down(let x, let y): .down(x: rounded(x), y: rounded(y))
                case .move(let x, let y): .move(x: rounded(x), y: rounded(y))
                case .up(let x, let y): .up(x: rounded(x), y: rounded(y))
                case .wheel(let dx, let dy): .wheel(dx: rounded(dx), dy: rounded(dy))
                case .zoom(let scale, let x, let y): .zoom(scale: rounded(scale), x: rounded(x), y: rounded(y))
                case .touchpad(.scroll(let dx, let dy)): .touchpad(.scroll(dx: rounded(dx), dy: rounded(dy)))
                case .touchpad(.pinchBegin(let x, let y)): .touchpad(.pinchBegin(x: rounded(x), y: rounded(y)))
                case .touchpad(.pinch(let scale, let dx, let dy)):
                    .touchpad(.pinch(scale: rounded(scale), dx: rounded(dx), dy: rounded(dy)))
                case .key, .touchpad, .resize, .shot, .quit: command
                }
            events.append(ScriptEvent(t: rounded(time), command: command))
        }

        /// Numbers as the script format writes them (6 decimals), so a written script replays exactly.
        private func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
    }

    /// A touchpad's fingers as Wayland reports them: sometimes a touch first (catching whatever moves), a scroll at
    /// 120 Hz, maybe resting a while, then the lift.
    private func fingers(_ builder: inout Builder, random: inout SplitMix64) {
        if random.nextBool(probability: 0.3) {
            builder.add(.touchpad(.hold))
            builder.add(
                .touchpad(.holdEnd(cancelled: random.nextBool())), after: Double.random(in: 0...0.3, using: &random)
            )
        }
        let speed = Double.random(in: -60...60, using: &random)
        for _ in 0..<Int.random(in: 1...80, using: &random) {
            let dx = speed * Double.random(in: 0.5...1.5, using: &random)
            builder.add(
                .touchpad(.scroll(dx: dx, dy: dx * Double.random(in: -0.3...0.3, using: &random))), after: 1.0 / 120
            )
        }
        builder.add(.touchpad(.lift), after: random.nextBool() ? 0 : Double.random(in: 0...1, using: &random))
    }

    /// A touchpad's pinch somewhere, to a spread between 0.2 and 40 (past the zoom's limits both ways) while its
    /// centre moves, then its end.
    private func fingerPinch(_ builder: inout Builder, random: inout SplitMix64) {
        let x = Double.random(in: 0...builder.width, using: &random)
        let y = Double.random(in: 0...builder.height, using: &random)
        builder.add(.touchpad(.pinchBegin(x: x, y: y)))
        let target = Double.random(in: 0.2...40, using: &random)
        let steps = Int.random(in: 1...40, using: &random)
        for step in 1...steps {
            let progress = Double(step) / Double(steps)
            builder.add(
                .touchpad(.pinch(scale: 1 + (target - 1) * progress, dx: 80 * progress, dy: -40 * progress)),
                after: 1.0 / 120)
        }
        builder.add(.touchpad(.pinchEnd), after: Double.random(in: 0...0.2, using: &random))
    }

    private func add(_ gesture: Gesture, to builder: inout Builder, random: inout SplitMix64) {
        switch gesture {
        case .drag:
            // From a crawl to several viewports in a few milliseconds, sampled at 30…240 Hz, sometimes off the window.
            let duration = Double.random(in: 0.01...2, using: &random)
            let distance = Double.random(in: -2.5...2.5, using: &random) * builder.width
            drag(&builder, duration: duration, distance: distance, random: &random)
        case .fling:
            let duration = Double.random(in: 0.02...0.12, using: &random)
            let distance = Double.random(in: 0.1...0.9, using: &random) * builder.width * (random.nextBool() ? 1 : -1)
            drag(&builder, duration: duration, distance: distance, random: &random)
        case .keyStorm:
            for _ in 0..<Int.random(in: 2...40, using: &random) {
                builder.add(
                    .key(pagingKeys.randomElement(using: &random)!, isRepeat: random.nextBool(probability: 0.3)),
                    after: random.nextBool() ? 0 : Double.random(in: 0...0.05, using: &random))
            }
        case .modeSwitch:
            // A fling, then a mode key while it is still moving.
            drag(&builder, duration: 0.05, distance: builder.width * (random.nextBool() ? 0.6 : -0.6), random: &random)
            builder.add(
                .key(modeKeys.randomElement(using: &random)!), after: Double.random(in: 0...0.3, using: &random))
        case .resize:
            let width = Int.random(in: 40...1600, using: &random)
            let height = Int.random(in: 30...1200, using: &random)
            builder.add(.resize(width: width, height: height))
            builder.width = Double(width)
            builder.height = Double(height)
        case .wheelNotches:
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let notches = Double(Int.random(in: -3...3, using: &random))
                builder.add(
                    random.nextBool(probability: 0.8) ? .wheel(dx: 0, dy: notches) : .wheel(dx: notches, dy: 0),
                    after: Double.random(in: 0...0.1, using: &random))
            }
        case .touchpadStream where random.nextBool():
            fingers(&builder, random: &random)
        case .touchpadStream:
            let direction = random.nextBool() ? 1.0 : -1.0
            for _ in 0..<Int.random(in: 5...60, using: &random) {
                let delta = direction * Double.random(in: 0...0.4, using: &random)
                builder.add(.wheel(dx: random.nextBool(probability: 0.7) ? delta : 0, dy: delta / 3), after: 1.0 / 120)
            }
        case .pinch where random.nextBool():
            fingerPinch(&builder, random: &random)
        case .pinch:
            // Zoom in somewhere, maybe drag the zoomed photo, then back to fit.
            let x = Double.random(in: 0...builder.width, using: &random)
            let y = Double.random(in: 0...builder.height, using: &random)
            builder.add(.zoom(scale: Double.random(in: 0.5...12, using: &random), x: x, y: y))
            if random.nextBool() {
                drag(
                    &builder, duration: 0.2, distance: builder.width * (random.nextBool() ? 0.5 : -0.5), random: &random
                )
            }
            builder.add(.zoom(scale: 1, x: x, y: y), after: Double.random(in: 0...0.5, using: &random))
        case .pause:
            builder.time += Double.random(in: 0...3, using: &random)
        case .feedEnd:
            // To the last page and onto the feed's end slot (its spinner, or the retry page after a failure), then
            // clicks there and R, with waits around the simulated network's answer time.
            builder.add(.key("End"))
            builder.add(.key("Right"), after: Double.random(in: 0...0.8, using: &random))
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                builder.time += Double.random(in: 0...1.5, using: &random) * feedDelay
                if random.nextBool() {
                    builder.add(.key("R"))
                } else {
                    let x = Double.random(in: 0...builder.width, using: &random)
                    let y = Double.random(in: 0...builder.height, using: &random)
                    builder.add(.down(x: x, y: y))
                    builder.add(.up(x: x, y: y), after: Double.random(in: 0...0.2, using: &random))
                }
            }
            builder.time += Double.random(in: 0.5...1.5, using: &random) * feedDelay
        case .holdAndSwitch:
            // The button held while the mode or the size changes under it, then released elsewhere.
            let x = Double.random(in: 0...builder.width, using: &random)
            builder.add(.down(x: x, y: builder.height / 2))
            builder.add(.move(x: x - builder.width / 4, y: builder.height / 2), after: 0.05)
            if random.nextBool() {
                builder.add(.key(modeKeys.randomElement(using: &random)!), after: 0.02)
            } else {
                builder.add(.resize(width: Int(builder.width / 2) + 20, height: Int(builder.height)), after: 0.02)
                builder.width = Double(Int(builder.width / 2) + 20)
            }
            builder.add(.move(x: x + builder.width / 3, y: builder.height / 2), after: 0.05)
            builder.add(
                .up(x: x + builder.width / 3, y: builder.height / 2), after: Double.random(in: 0...0.5, using: &random))
        }
    }

    private func drag(_ builder: inout Builder, duration: Double, distance: Double, random: inout SplitMix64) {
        let rate = [30.0, 60, 120, 240].randomElement(using: &random)!
        let steps = max(1, Int((duration * rate).rounded()))
        let start = Double.random(in: -0.2...1.2, using: &random) * builder.width
        let y = Double.random(in: 0...builder.height, using: &random)
        builder.add(.down(x: start, y: y))
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            let jitter = Double.random(in: -2...2, using: &random)
            builder.add(.move(x: start + distance * fraction + jitter, y: y + jitter), after: duration / Double(steps))
        }
        builder.add(.up(x: start + distance, y: y), after: random.nextBool(probability: 0.8) ? 0 : 0.3)
    }
}
