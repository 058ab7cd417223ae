// 🚀 émoji comment, then a declaration: ✨✨
/* ünïcödé */ final class Café: Component { let 名前 = Inject(Größe.self) }
