package bind_test

import (
	"fmt"

	"github.com/bangsnap/bangsnap/jsruntime/bind"
	"github.com/dop251/goja"
)

type counter struct{ n int }

// A Counter interface declared as a table and installed on the global object.
var counterIface = &bind.Interface{
	Name: "Counter",
	Constructor: func(r *bind.Realm, args []goja.Value, _ *goja.Object) any {
		return &counter{n: int(bind.Long(bind.Arg(args, 0)))}
	},
	Attributes: []bind.Attribute{{
		Name: "value",
		Get:  func(r *bind.Realm, this any) goja.Value { return r.Int(this.(*counter).n) },
	}},
	Methods: []bind.Method{{
		Name: "add", Length: 1,
		Fn: func(r *bind.Realm, this any, args []goja.Value) goja.Value {
			c := this.(*counter)
			c.n += int(bind.Long(args[0]))
			return r.Int(c.n)
		},
	}},
}

func Example() {
	rt := goja.New()
	realm := bind.NewRealm(rt)
	if err := realm.Install(rt.GlobalObject(), counterIface); err != nil {
		panic(err)
	}
	v, err := rt.RunString(`
		const c = new Counter(40);
		c.add(2);
		[c.value, c instanceof Counter, typeof Object.getOwnPropertyDescriptor(Counter.prototype, 'value').get].join(' ')`)
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	// Output: 42 true function
}
