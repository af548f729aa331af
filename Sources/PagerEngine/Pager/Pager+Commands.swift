extension Pager {
    /// Programmatic moves queue: each one starts from the slot the running settle is heading for.
    mutating func perform(_ command: PagerCommand, time: Double, events: inout [PagerEvent]) {
        if case .pressing = motion { return }  // The hand holding the content wins.
        guard pageCount > 0 else { return }
        standIn = nil  // A new command goes from the real strip: the slot a jump borrowed shows its own page again.
        let base = targetSlot ?? nearestSlot(to: offset)
        let instant = configuration.commandTransition == .instant
        let proposed: Int
        switch command {
        case .next: proposed = base + 1
        case .previous: proposed = base - 1
        case .goTo(let page): proposed = jumpTarget(toPage: page, from: base, slides: !instant, events: &events)
        case .first: proposed = jumpTarget(toPage: 0, from: base, slides: !instant, events: &events)
        case .last:
            proposed = jumpTarget(toPage: PageIndex(pageCount - 1), from: base, slides: !instant, events: &events)
        }
        let target = clampToRestingSlots(proposed)
        if target != proposed {
            events.append(.reachedEnd(proposed < target ? .leading : .trailing))
        }
        if case .resting = motion, Double(target) * extent == offset { return }
        switch configuration.commandTransition {
        case .instant:
            finishAnimation(atSlot: target, events: &events)
        case .spring(let spring):
            startSettle(toward: target, velocity: velocity, time: time, spring: spring, isCommand: true)
        }
    }

    /// The slot to animate to for a jump; a jump of more than one page first moves the strip, instantly, to
    /// the target's neighbour, so the user sees one page slide in rather than a blur of hundreds. When it
    /// `slides`, the photo on screen stands in for that neighbour until the strip rests, so the target comes
    /// in right beside it and no third photo shows.
    mutating func jumpTarget(
        toPage requested: PageIndex, from base: Int, slides: Bool, events: inout [PagerEvent]
    ) -> Int {
        let page = PageIndex(
            topology.restingSlots == nil
                ? WrapMath.wrap(requested.rawValue, count: pageCount)
                : min(max(requested.rawValue, 0), pageCount - 1))
        let target = topology.slot(showing: page, near: base)
        let distance = target - base
        guard abs(distance) > 1 else { return target }
        let direction = distance > 0 ? 1 : -1
        let carried = offset - Double(base) * extent  // keep any fraction of a page still in flight
        let shown = currentPage
        offset = Double(target - direction) * extent + carried
        standIn = slides ? SlotStandIn(slot: target - direction, page: shown) : nil
        events.append(.jumped(toward: page))
        rebaseIfNeeded(events: &events)
        return topology.slot(showing: page, near: nearestSlot(to: offset))
    }

    // MARK: Feed

    /// Appends pages to a feed; the current page never moves.
    public mutating func appendPages(_ count: Int, at time: Double) -> [PagerEvent] {
        guard var feed = topology as? FeedTopology, count > 0 else { return [] }
        var events: [PagerEvent] = []
        step(to: time, events: &events)
        feed.append(count: count)
        topology = feed
        afterMove(events: &events)
        return events
    }

    /// A feed load failed: the spinner page turns into a retry prompt where it is, so a user looking at it reads why
    /// and can retry there (R or a click); nothing moves and no page is lost.
    public mutating func failPageLoad(at time: Double) -> [PagerEvent] {
        guard var feed = topology as? FeedTopology else { return [] }
        var events: [PagerEvent] = []
        step(to: time, events: &events)
        feed.failLoad()
        topology = feed
        afterMove(events: &events)
        return events
    }

    /// Asks the feed again after a failure (the retry key).
    public mutating func retryPageLoad() -> [PagerEvent] {
        guard var feed = topology as? FeedTopology else { return [] }
        let events = feed.retry()
        topology = feed
        return events
    }
}
