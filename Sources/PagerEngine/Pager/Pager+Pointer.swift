extension Pager {
    /// A press catches the content where it is shown (the last displayed offset), with no jump.
    mutating func pointerDown(at pointer: Double, time: Double) {
        var anchor = nearestSlot(to: offset)
        var interruptedDirection: Int?
        var caughtMotion = false
        switch motion {
        case .settling(let settle):
            anchor = settle.targetSlot
            interruptedDirection = settle.direction == 0 ? nil : settle.direction
            caughtMotion = true
        case .gliding:
            caughtMotion = true
        case .resting, .pressing:
            break
        }
        var drag = Drag(
            pressPointer: pointer, pointerOrigin: pointer, rawOrigin: unbanded(offset), pointer: pointer,
            anchorSlot: anchor, interruptedDirection: interruptedDirection, caughtMotion: caughtMotion)
        drag.tracker.addSample(time: time, position: pointer)
        motion = .pressing(drag)
        velocity = 0
    }

    /// The content follows the pointer 1:1 once it passes the slop, and stretches past a bounded end.
    mutating func pointerMove(to pointer: Double, time: Double, events: inout [PagerEvent]) {
        guard case .pressing(var drag) = motion else { return }
        drag.pointer = pointer
        drag.tracker.addSample(time: time, position: pointer)
        if !drag.isEngaged {
            let travel = pointer - drag.pressPointer
            guard abs(travel) > configuration.dragSlop else {
                motion = .pressing(drag)
                return
            }
            // Subtract the slop so the content starts from where it was, not with a 4 px jump.
            drag.isEngaged = true
            drag.pointerOrigin = drag.pressPointer + (travel > 0 ? configuration.dragSlop : -configuration.dragSlop)
        }
        offset = banded(drag.rawOffset)
        if !drag.reportedEdge, let edge = stretchedEdge() {
            drag.reportedEdge = true
            events.append(.reachedEnd(edge))
        }
        motion = .pressing(drag)
    }

    /// Release: fling or nearest page, or free deceleration in the wheel.
    mutating func pointerUp(at pointer: Double, time: Double, events: inout [PagerEvent]) {
        guard case .pressing(var drag) = motion else { return }
        drag.tracker.addSample(time: time, position: pointer)
        if drag.isEngaged {
            drag.pointer = pointer
            offset = banded(drag.rawOffset)
        }
        // Content moves against the pointer: dragging left shows later pages.
        let contentVelocity = drag.isEngaged ? -drag.tracker.velocity(at: time) : 0
        release(drag, contentVelocity: contentVelocity, time: time, events: &events)
    }

    /// A gesture taken away settles where it is, with no velocity.
    mutating func pointerCancel(time: Double, events: inout [PagerEvent]) {
        guard case .pressing(let drag) = motion else { return }
        release(drag, contentVelocity: 0, time: time, events: &events)
    }

    mutating func release(_ drag: Drag, contentVelocity: Double, time: Double, events: inout [PagerEvent]) {
        guard drag.isEngaged || drag.caughtMotion else {
            motion = .resting  // A click: nothing moves.
            return
        }
        let overscroll = unbanded(offset) - unstretched(offset)
        let shownVelocity =
            overscroll == 0
            ? contentVelocity
            : contentVelocity
                * RubberBand.slope(
                    atOverscroll: overscroll, dimension: axisDimension, coefficient: configuration.rubberBandCoefficient
                )
        switch topology.releaseBehavior {
        case .paging:
            let dragDistance = drag.isEngaged ? drag.pointer - drag.pressPointer : 0
            let proposed = configuration.paging.targetSlot(
                position: slotPosition, velocity: contentVelocity, dragDistance: dragDistance,
                anchor: drag.anchorSlot, interruptedDirection: drag.interruptedDirection)
            let target = clampToRestingSlots(proposed)
            if target != proposed, !drag.reportedEdge {
                events.append(.reachedEnd(proposed < target ? .leading : .trailing))
            }
            startSettle(toward: target, velocity: shownVelocity, time: time)
        case .freeScroll(let snapsToSlot):
            startGlide(velocity: shownVelocity, snapsToSlot: snapsToSlot, time: time)
        }
    }

    // MARK: Rubber band

    /// The offset clamped into the resting range (itself where the strip never ends).
    func unstretched(_ offset: Double) -> Double {
        guard let resting = topology.restingSlots else { return offset }
        let low = Double(resting.lowerBound) * extent
        let high = Double(resting.upperBound) * extent
        return min(max(offset, low), high)
    }

    /// The shown offset for an un-banded one: past an end only `c·o·d/(d + c·o)` of the overscroll shows.
    func banded(_ raw: Double) -> Double {
        let edge = unstretched(raw)
        guard raw != edge else { return raw }
        return edge
            + RubberBand.offset(
                forOverscroll: raw - edge, dimension: axisDimension, coefficient: configuration.rubberBandCoefficient)
    }

    /// The un-banded offset for a shown one: grabbing mid-bounce continues the same stretch.
    func unbanded(_ shown: Double) -> Double {
        let edge = unstretched(shown)
        guard shown != edge else { return shown }
        return edge
            + RubberBand.overscroll(
                forOffset: shown - edge, dimension: axisDimension, coefficient: configuration.rubberBandCoefficient)
    }

    /// The end the content is stretched past, if any.
    func stretchedEdge() -> PagerEdge? {
        let edge = unstretched(offset)
        if offset < edge { return .leading }
        if offset > edge { return .trailing }
        return nil
    }
}
