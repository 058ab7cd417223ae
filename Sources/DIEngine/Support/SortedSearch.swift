extension RandomAccessCollection where Index == Int {
    /// In a collection sorted so that the elements `isBefore` accepts come first: the index of the first
    /// one it does not accept, `endIndex` when it accepts all (a binary search).
    func firstIndex(notBefore isBefore: (Element) -> Bool) -> Int {
        var low = startIndex
        var high = endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if isBefore(self[middle]) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
