import PagerEngine

extension PagerEvent {
    /// The event as the trace writes it, e.g. `pageChanged:3`, `rebased:-12`, `settled:4`.
    public var traceName: String {
        switch self {
        case .pageChanged(_, let to): "pageChanged:\(to)"
        case .settled(let page): "settled:\(page)"
        case .reachedEnd(let edge): "reachedEnd:\(edge.rawValue)"
        case .needsMorePages: "needsMorePages"
        case .rebased(let rebase):
            "rebased:\(rebase.shift)" + rebase.refills.map { ":slot\($0.slot)=\($0.page)" }.joined()
        case .jumped(let page): "jumped:\(page)"
        }
    }
}
