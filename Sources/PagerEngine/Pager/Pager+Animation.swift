extension Pager {
    /// Evaluates the running simulation at `time`: closed form, so the frame rate never changes the path.
    mutating func step(to newTime: Double, events: inout [PagerEvent]) {
        let now = max(time, newTime)
        time = now
        switch motion {
        case .resting, .pressing:
            return
        case .settling(let settle):
            let local = now - settle.startTime
            if settle.simulation.isDone(at: local) {
                finishAnimation(atSlot: settle.targetSlot, events: &events)
            } else {
                offset = settle.simulation.position(at: local) + settle.shift
                velocity = settle.simulation.velocity(at: local)
            }
        case .gliding(let glide):
            let local = now - glide.startTime
            if glide.simulation.isDone(at: local) {
                if let snapSlot = glide.snapSlot {
                    finishAnimation(atSlot: snapSlot, events: &events)
                } else {
                    offset = glide.simulation.position(at: local) + glide.shift
                    velocity = 0
                    motion = .resting
                    events.append(.settled(page: currentPage))
                }
                return
            }
            offset = glide.simulation.position(at: local) + glide.shift
            velocity = glide.simulation.velocity(at: local)
            if unstretched(offset) != offset {
                // A free glide that runs past a bounded end bounces back with the spring, as in UIKit.
                startSettle(toward: nearestSlot(to: offset), velocity: velocity, time: now)
            }
        }
    }

    /// Snaps exactly onto a slot and rests.
    mutating func finishAnimation(atSlot slot: Int, events: inout [PagerEvent]) {
        offset = Double(slot) * extent
        velocity = 0
        motion = .resting
        standIn = nil  // At rest the jump's stand-in is off screen: the real neighbour is what a drag will show.
        events.append(.settled(page: page(atSlot: slot)))
    }

    /// Starts the paging spring from the displayed offset and velocity toward `slot`.
    mutating func startSettle(
        toward slot: Int, velocity startVelocity: Double, time: Double, spring: SpringDescription? = nil,
        isCommand: Bool = false
    ) {
        let end = Double(slot) * extent
        if abs(offset - end) < 1e-9, abs(startVelocity) < 1e-9 {
            offset = end
            velocity = 0
            motion = .resting
            standIn = nil
            return
        }
        let simulation = SpringSimulation(
            spring: spring ?? configuration.spring, start: offset, end: end, velocity: startVelocity)
        let direction = end > offset ? 1 : (end < offset ? -1 : 0)
        velocity = startVelocity
        motion = .settling(
            Settle(
                simulation: simulation, startTime: time, targetSlot: slot, direction: direction, isCommand: isCommand))
    }

    /// Starts a free deceleration; when the topology snaps, it is bent to end exactly on the nearest slot to where it would stop.
    mutating func startGlide(velocity startVelocity: Double, snapsToSlot: Bool, time: Double) {
        let deceleration = DecelerationSimulation(
            start: offset, velocity: startVelocity, rate: configuration.deceleration)
        guard deceleration.duration > 0 else {
            if snapsToSlot || unstretched(offset) != offset {
                startSettle(toward: nearestSlot(to: offset), velocity: startVelocity, time: time)
            } else {
                velocity = 0
                motion = .resting
            }
            return
        }
        guard snapsToSlot else {
            velocity = startVelocity
            motion = .gliding(Glide(simulation: deceleration, startTime: time))
            return
        }
        let target = nearestSlot(to: deceleration.finalPosition)
        let end = Double(target) * extent
        if let snapping = SnappingDecelerationSimulation(start: offset, velocity: startVelocity, end: end) {
            velocity = startVelocity
            motion = .gliding(Glide(simulation: snapping, startTime: time, snapSlot: target))
        } else {
            startSettle(toward: target, velocity: startVelocity, time: time)
        }
    }

    /// Lets a looping topology re-base, moving every held position by the same shift in the same call.
    ///
    /// Consecutive re-bases (a jump, or more than a page in one frame) are merged into one event whose
    /// refills name each slot once, with its final page.
    mutating func rebaseIfNeeded(events: inout [PagerEvent]) {
        var total = 0
        var refills: [SlotRefill] = []
        while let rebase = topology.rebase(atSlotPosition: slotPosition) {
            guard rebase.shift != 0 else { break }
            shiftHeldPositions(bySlots: rebase.shift)
            total += rebase.shift
            for refill in rebase.refills {
                refills.removeAll { $0.slot == refill.slot }
                refills.append(refill)
            }
        }
        if total != 0 || !refills.isEmpty {
            events.append(.rebased(Rebase(shift: total, refills: refills)))
        }
    }

    mutating func shiftHeldPositions(bySlots slots: Int) {
        let pixels = Double(slots) * extent
        let restingSlot = (offset / extent).rounded()
        // A strip on a slot (to within rounding) stays exactly on one: `i·e + k·e` need not equal `(i + k)·e` in
        // floating point, and a position a hair outside the home range would re-base back and forth forever.
        let onSlot = abs(offset / extent - restingSlot) < 1e-9
        offset = onSlot ? (restingSlot + Double(slots)) * extent : offset + pixels
        standIn?.slot += slots
        switch motion {
        case .resting:
            break
        case .pressing(var drag):
            drag.rawOrigin += pixels
            drag.anchorSlot += slots
            motion = .pressing(drag)
        case .settling(var settle):
            settle.shift += pixels
            settle.targetSlot += slots
            motion = .settling(settle)
        case .gliding(var glide):
            glide.shift += pixels
            glide.snapSlot = glide.snapSlot.map { $0 + slots }
            motion = .gliding(glide)
        }
    }

    /// A new viewport keeps the logical page and the fraction of a page, whatever the phase.
    mutating func resize(to newViewport: Viewport, time: Double) {
        let oldExtent = extent
        viewport = newViewport
        let scale = extent / oldExtent
        guard scale != 1 else { return }
        offset *= scale
        velocity *= scale
        switch motion {
        case .resting:
            break
        case .pressing(var drag):
            // Re-anchor at the current pointer: from here the content follows it 1:1 again.
            drag.pointerOrigin = drag.pointer
            drag.rawOrigin = unbanded(offset)
            motion = .pressing(drag)
        case .settling(let settle):
            startSettle(toward: settle.targetSlot, velocity: velocity, time: time)
        case .gliding(let glide):
            startGlide(velocity: velocity, snapsToSlot: glide.snapSlot != nil, time: time)
        }
    }
}
