package main

// The name lists of the demo's members, by community. Every name is a real
// given name or surname in use in South Africa; the people are invented.

// community is one of the language or cultural communities members come
// from, with its share of the membership.
type community struct {
	name     string
	share    float64
	first    []string
	surnames []string
	// borrowed is the chance that a member's given name comes from borrow
	// instead (Precious Nkosi, Desmond Naidoo, Ryan du Plessis).
	borrowed float64
	borrow   []string
}

// Given names in everyday use in many African-language families.
var sharedGiven = []string{
	"Blessing", "Precious", "Gift", "Lucky", "Patience", "Prudence", "Innocent",
	"Godfrey", "Elias", "Solomon", "Samuel", "Joseph", "Grace", "Beauty",
	"Goodness", "Happy", "Mercy", "Faith", "Portia", "Rejoice", "Princess",
	"Petrus", "Johannes", "Jacob", "Moses", "Daniel", "Agnes", "Eunice",
	"Johanna", "Elizabeth", "Dorothy", "Martha", "Lydia", "Thomas", "Abel",
	"Simon", "Winnie", "Queen", "Comfort", "Given",
}

// Given names of English-speaking South Africans, also borrowed by other
// communities.
var englishGiven = []string{
	"James", "Michael", "Sarah", "Jessica", "Megan", "Ryan", "Bradley", "Kyle",
	"Dylan", "Lauren", "Nicole", "Claire", "Gareth", "Craig", "Warren", "Grant",
	"Brendan", "Shaun", "Tracey", "Candice", "Kirsty", "Bronwyn", "Gillian",
	"Graham", "Trevor", "Lindsay", "Kerry", "Courtney", "Tyrone", "Jason",
	"Mark", "Paul", "Emma", "Olivia", "Hannah", "Zoë", "Chloé", "Renée",
	"Siobhan", "Robyn", "Keegan", "Duncan", "Stuart", "Heather", "Belinda",
	"Natalie", "Caitlin", "Matthew", "Sean", "Jenna",
}

var communities = []community{
	{
		name: "isiZulu", share: 0.14, borrowed: 0.25, borrow: sharedGiven,
		first: []string{
			"Sibusiso", "Sipho", "Themba", "Thulani", "Bongani", "Mandla", "Sifiso",
			"Nkosinathi", "Siyabonga", "Lungelo", "Mthokozisi", "Sanele", "Nhlanhla",
			"Musa", "Sandile", "Zanele", "Nomvula", "Thandeka", "Nokuthula", "Lindiwe",
			"Zodwa", "Nonhlanhla", "Ntombifuthi", "Busisiwe", "Hlengiwe", "Sibongile",
			"Thobeka", "Nompumelelo", "Zinhle", "Khanyisile", "Ayanda", "Andile",
			"Lwazi", "Mlungisi", "Njabulo", "Nkululeko", "Mbali", "Philani", "Sihle",
			"Zama", "Londiwe", "Nosipho", "Phindile", "Sizwe", "Wandile", "Lindokuhle",
			"Mduduzi", "Bhekani", "Samkelisiwe", "Thembinkosi",
		},
		surnames: []string{
			"Dlamini", "Nkosi", "Ndlovu", "Mkhize", "Zulu", "Khumalo", "Mthembu",
			"Ngcobo", "Buthelezi", "Shabalala", "Zungu", "Cele", "Gumede", "Mhlongo",
			"Ntuli", "Ngema", "Mabaso", "Sithole", "Hadebe", "Zwane", "Mnguni", "Xulu",
			"Biyela", "Msomi", "Ndaba", "Majola", "Mchunu", "Nxumalo", "Mazibuko",
			"Ngubane", "Shange", "Khanyile", "Madlala", "Dube", "Mtshali", "Mbatha",
			"Ngwenya", "Sibiya", "Maphumulo", "Mkhwanazi", "Zondi", "Mthethwa",
			"Dladla", "Kubheka", "Myeni", "Ndwandwe", "Nene", "Qwabe", "Xaba", "Khoza",
		},
	},
	{
		name: "isiXhosa", share: 0.07, borrowed: 0.2, borrow: sharedGiven,
		first: []string{
			"Siphokazi", "Lwandile", "Luthando", "Ayabonga", "Anele", "Athenkosi",
			"Sinethemba", "Yonela", "Asanda", "Thembeka", "Nomsa", "Unathi", "Lulama",
			"Vuyo", "Vuyani", "Xolisa", "Mzwandile", "Lonwabo", "Zukisa", "Akhona",
			"Bulelani", "Khanyisa", "Olwethu", "Bongeka", "Ntsikelelo", "Phumeza",
			"Zoleka", "Zintle", "Nandipha", "Mandisa", "Loyiso", "Luvuyo", "Simphiwe",
			"Sinazo", "Thando", "Xolani", "Mcebisi", "Nolitha", "Babalwa", "Siyabulela",
		},
		surnames: []string{
			"Mfeketo", "Sonjica", "Dyantyi", "Mpahlwa", "Nqakula", "Mabandla", "Gqola",
			"Mqhayi", "Magadla", "Ngcaba", "Mgudlwa", "Dlomo", "Sigcau", "Jali",
			"Mbete", "Mlambo", "Madikizela", "Ntshona", "Nkwinti", "Makhubalo",
			"Mgijima", "Ngcukaitobi", "Mtshiselwa", "Bikitsha", "Gcaba", "Qongqo",
			"Mgoqi", "Ntlabati", "Tshangana", "Somyo",
		},
	},
	{
		name: "Sesotho", share: 0.08, borrowed: 0.2, borrow: sharedGiven,
		first: []string{
			"Thabo", "Lerato", "Palesa", "Mpho", "Lebohang", "Nthabiseng", "Puleng",
			"Teboho", "Tumelo", "Refiloe", "Karabo", "Rethabile", "Mosa", "Tshepo",
			"Lineo", "Limpho", "Mamello", "Thabiso", "Kamohelo", "Tebello", "Neo",
			"Tsietsi", "Dineo", "Keketso", "Lehlohonolo", "Relebohile", "Bokang",
			"Katleho", "Motlatsi", "Paballo", "Rorisang", "Thato", "Seipati",
			"Mamokete", "Nthati", "Mpolokeng",
		},
		surnames: []string{
			"Mokoena", "Mofokeng", "Motaung", "Tsotetsi", "Radebe", "Moloi", "Mohapi",
			"Mokhele", "Letsie", "Makhetha", "Phakoe", "Tau", "Mosia", "Monyane",
			"Thulo", "Mokhethi", "Ntsane", "Lekhanya", "Hlalele", "Lebusa", "Sehloho",
			"Mphuthi", "Khoabane", "Nthako", "Sefatsa", "Ramokhoase", "Lesia",
			"Mokhothu", "Tshabalala", "Mahase",
		},
	},
	{
		name: "Setswana", share: 0.09, borrowed: 0.2, borrow: sharedGiven,
		first: []string{
			"Kagiso", "Kgomotso", "Boitumelo", "Onkarabile", "Lesego", "Keabetswe",
			"Kabelo", "Masego", "Tshegofatso", "Omphile", "Oratile", "Goitseone",
			"Kefilwe", "Itumeleng", "Bontle", "Reatile", "Tebogo", "Otsile",
			"Amogelang", "Katlego", "Kealeboga", "Mmabatho", "Naledi", "Obakeng",
			"Ofentse", "Tlotlo", "Tshiamo", "Kgalalelo", "Lorato", "Phenyo",
			"Thapelo", "Gaone", "Oarabile", "Keitumetse", "Boikanyo",
		},
		surnames: []string{
			"Molefe", "Mokgosi", "Mogale", "Modise", "Moagi", "Seleke", "Kgosana",
			"Masilo", "Moeng", "Pule", "Setlhare", "Mothibi", "Mooketsi", "Molema",
			"Sekgoma", "Kgosi", "Mokwena", "Motsumi", "Tshipa", "Gaorekwe", "Moremi",
			"Mokgatle", "Tlhagale", "Segale", "Motlhabane", "Kgositsile", "Dikgang",
			"Mmusi", "Seboko", "Phiri",
		},
	},
	{
		name: "Sepedi", share: 0.11, borrowed: 0.2, borrow: sharedGiven,
		first: []string{
			"Lesiba", "Kgothatso", "Lehlogonolo", "Mahlatse", "Tshepiso", "Pontsho",
			"Refilwe", "Mokgadi", "Mologadi", "Kamogelo", "Thabang", "Tlou", "Malose",
			"Matome", "Mokgethi", "Phuti", "Mmathabo", "Kgaogelo", "Dikeledi",
			"Mahlodi", "Morongwa", "Mmapula", "Sello", "Mashilo", "Tumisho", "Koketso",
			"Lerato", "Mpho", "Hlogi", "Maropeng", "Modjadji", "Mpule", "Ramadimetja",
			"Mothusi", "Letago",
		},
		surnames: []string{
			"Mphahlele", "Maake", "Ledwaba", "Mashego", "Makgoba", "Mothapo",
			"Masemola", "Ramokgopa", "Lekganyane", "Modiba", "Ngoepe", "Kekana",
			"Mamabolo", "Molepo", "Ramoroka", "Manamela", "Sebati", "Letsoalo",
			"Thobejane", "Mabotja", "Seopa", "Matlala", "Chuene", "Mokgehle",
			"Moloto", "Kgatle", "Maponya", "Sekgobela", "Mogotlane", "Phasha",
		},
	},
	{
		name: "Xitsonga", share: 0.06, borrowed: 0.2, borrow: sharedGiven,
		first: []string{
			"Hlulani", "Tsakani", "Ntsako", "Nyiko", "Rhulani", "Vutomi", "Hlengani",
			"Khensani", "Tinyiko", "Ripfumelo", "Nhlamulo", "Kulani", "Tiyiselani",
			"Basani", "Nsovo", "Hasani", "Masingita", "Rirhandzu", "Vongani", "Risuna",
			"Mixo", "Amukelani", "Ntshembo", "Nkateko", "Akani", "Vuyisile",
			"Tintswalo", "Hlamalani", "Xihluke", "Musa",
		},
		surnames: []string{
			"Maluleke", "Baloyi", "Mathebula", "Chauke", "Shirinda", "Mabunda",
			"Ngobeni", "Hlungwani", "Mnisi", "Nkuna", "Mashaba", "Rikhotso", "Mathye",
			"Novela", "Valoyi", "Mabasa", "Makhubele", "Manganyi", "Shivambu",
			"Chabalala", "Shikwambana", "Mkhabela", "Hlongwane", "Nkovani",
			"Mahlaule", "Mayimele", "Shibambu", "Khosa", "Sambo", "Ntimbani",
		},
	},
	{
		name: "Tshivenda", share: 0.04, borrowed: 0.15, borrow: sharedGiven,
		first: []string{
			"Mashudu", "Rudzani", "Khathutshelo", "Ndivhuwo", "Livhuwani", "Takalani",
			"Tshilidzi", "Mulalo", "Azwindini", "Fulufhelo", "Thendo", "Pfarelo",
			"Vhutshilo", "Rotondwa", "Lufuno", "Ronewa", "Phathutshedzo", "Dakalo",
			"Humbulani", "Shonisani", "Thilivhali", "Vhahangwele", "Tshifhiwa",
			"Murendeni", "Gundo", "Aluwani", "Lutendo", "Unarine", "Wanga", "Ompha",
		},
		surnames: []string{
			"Mudau", "Ravele", "Mulaudzi", "Munyai", "Ndou", "Netshitenzhe",
			"Mukwevho", "Madzivhandila", "Rambau", "Mbedzi", "Mavhungu", "Mufamadi",
			"Nengovhela", "Netshiavha", "Nemudzivhadi", "Ramabulana", "Nethengwe",
			"Khorombi", "Tshikalange", "Sikhwari", "Tshivhase", "Ramavhunga",
			"Nemavhola", "Muthige", "Makhado",
		},
	},
	{
		name: "Afrikaans", share: 0.17, borrowed: 0.2, borrow: englishGiven,
		first: []string{
			"Pieter", "Johan", "Jaco", "Hennie", "Riaan", "Stéfan", "André", "Anél",
			"Marné", "Liezl", "Elmarie", "Annelie", "Christo", "Gert", "François",
			"Ruan", "Wian", "Carel", "Danie", "Marius", "Schalk", "Jannie", "Kobus",
			"Deon", "Hendrik", "Elsabé", "Chanté", "Renée", "Zoë", "Lizanne",
			"Mariska", "Karien", "Rika", "Sunette", "Juan-Pierre", "Anna-Marie",
			"Wilna", "Lizé", "Hélène", "Marelize", "Jacques", "Francois", "Ockert",
			"Henk", "Willem", "Adriaan", "Corné", "Rudolph", "Marlize", "Susanna",
			"Charlene", "Chantelle", "Ilse", "Retha", "Nicolaas", "Tiaan", "Ruben",
			"Leandri", "Jolandi", "Byron",
		},
		surnames: []string{
			"van der Merwe", "du Plessis", "de Villiers", "Botha", "Pretorius", "Nel",
			"Venter", "Coetzee", "Steyn", "Fourie", "van Wyk", "Joubert", "Kruger",
			"Smit", "Swanepoel", "le Roux", "du Toit", "van Zyl", "Badenhorst",
			"Erasmus", "Viljoen", "Olivier", "Malan", "Cronjé", "Bezuidenhout",
			"Grobler", "Potgieter", "Oosthuizen", "Liebenberg", "Marais", "Snyman",
			"Jansen van Rensburg", "van Rooyen", "Lombard", "Burger", "Engelbrecht",
			"Brits", "Schoeman", "Terblanche", "Vermeulen", "Hattingh", "Naudé",
			"Rossouw", "Wessels", "Esterhuizen", "de Beer", "de Klerk", "van Heerden",
			"Visser", "Bosman", "Louw", "Theron", "Myburgh", "Strydom", "Labuschagne",
			"Kotzé", "Pienaar", "Conradie", "du Preez", "Lötter", "van der Westhuizen",
			"van Niekerk", "de Jager", "van der Walt", "de Wet", "Fortuin", "Februarie",
			"September", "Kleinhans", "Cupido", "Jonkers", "Damons",
		},
	},
	{
		name: "English", share: 0.09,
		first: englishGiven,
		surnames: []string{
			"Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Thompson",
			"Walker", "Robertson", "Campbell", "Stewart", "Anderson", "Murray", "Reid",
			"Mitchell", "Clarke", "Edwards", "Hughes", "Wood", "Harris", "Lewis",
			"Cooper", "Ward", "Morris", "Hall", "Green", "Baker", "King", "Turner",
			"Fraser", "MacDonald", "McKenzie", "O'Brien", "O'Connor", "Fitzgerald",
			"Hartley", "Sutherland", "Kennedy", "Gordon", "Kirkpatrick", "Pringle",
			"Whitehead", "Bradshaw", "Ashworth", "Duncan", "Hayward", "Sinclair",
			"Douglas", "Morgan", "Kerr",
		},
	},
	{
		name: "Indian South African", share: 0.06, borrowed: 0.3,
		borrow: []string{
			"Desmond", "Kevin", "Logan", "Dennis", "Clive", "Vernon", "Shirley",
			"Jasmine", "Natasha", "Melanie", "Denver", "Rowen", "Dylan", "Kyle",
			"Michelle", "Verushka",
		},
		first: []string{
			"Praveen", "Kavitha", "Preshen", "Kreshen", "Nivashni", "Selvan", "Priya",
			"Anusha", "Shamila", "Rajesh", "Suren", "Deven", "Navin", "Kumaran",
			"Vishal", "Yashika", "Reshma", "Pregasen", "Saras", "Vasanthie",
			"Kamini", "Devina", "Ashwin", "Kerusha", "Denisha", "Sashin", "Yuvan",
			"Keshav", "Nirasha", "Thashen", "Lavanya", "Imraan", "Yusuf", "Zaheer",
			"Faheem", "Ayesha", "Farzana", "Shabnam", "Nazeer", "Riaz", "Aadil",
			"Ziyaad", "Mohammed", "Fathima", "Naseema", "Hajra",
		},
		surnames: []string{
			"Naidoo", "Pillay", "Govender", "Moodley", "Reddy", "Chetty", "Padayachee",
			"Singh", "Maharaj", "Naicker", "Moonsamy", "Munsamy", "Perumal",
			"Subramoney", "Gounden", "Pather", "Sewpersad", "Ramlall", "Bhana",
			"Patel", "Desai", "Parbhoo", "Mistry", "Maistry", "Lalla", "Harripersad",
			"Haffejee", "Moosa", "Essop", "Cassim", "Bhamjee", "Jeewa", "Vawda",
			"Paruk", "Mahomed", "Ramsamy", "Govindsamy", "Rampersad", "Sookraj",
			"Ramdass",
		},
	},
	{
		name: "Cape Malay", share: 0.03, borrowed: 0.05, borrow: englishGiven,
		first: []string{
			"Moegamat", "Abdul", "Achmat", "Faiez", "Ridwaan", "Waseem", "Ebrahim",
			"Igshaan", "Nazeem", "Riyaad", "Mujahid", "Shafiek", "Tauriq", "Zaid",
			"Gadija", "Zainab", "Tasneem", "Shireen", "Nazlie", "Fahiema", "Rugaya",
			"Soraya", "Zulfa", "Nuraan", "Ruwayda", "Amina", "Mariam", "Naeema",
			"Ilhaam", "Aneesa", "Yumna", "Raeesa", "Gasant", "Toufiek", "Fouzia",
		},
		surnames: []string{
			"Abrahams", "Adams", "Davids", "Isaacs", "Hendricks", "Jacobs", "Salie",
			"Gamieldien", "Allie", "Petersen", "Samsodien", "Solomons", "Kamaldien",
			"Jaffer", "Fredericks", "Kader", "Dollie", "Ismail", "Cassiem", "Achmat",
			"Toefy", "Rhoda", "Behardien", "Gallie", "Manie", "Majiet", "Arendse",
			"Williams", "Daniels", "Orrie",
		},
	},
	{
		name: "Portuguese", share: 0.06, borrowed: 0.15, borrow: englishGiven,
		first: []string{
			"João", "José", "António", "Manuel", "Carlos", "Fernando", "Paulo",
			"Luís", "Rui", "Nuno", "Duarte", "Tiago", "Miguel", "Ricardo", "Sérgio",
			"Vítor", "Maria", "Ana", "Fernanda", "Conceição", "Fátima", "Graça",
			"Sónia", "Cátia", "Inês", "Filipa", "Joana", "Mariana", "Teresa", "Helena",
			"Lurdes", "Isabel", "Célia", "Raquel", "Agostinho", "Élio", "Gonçalo",
			"Zélia",
		},
		surnames: []string{
			"da Silva", "dos Santos", "Ferreira", "Pereira", "Rodrigues", "Fernandes",
			"Gonçalves", "Gomes", "Lopes", "Marques", "Alves", "Almeida", "Ribeiro",
			"Pinto", "Carvalho", "Teixeira", "Correia", "Martins", "de Sousa",
			"da Costa", "Nunes", "Mendes", "Vieira", "Monteiro", "Cardoso", "Rocha",
			"de Freitas", "Fonseca", "Andrade", "Gouveia", "Camacho", "Abreu",
			"Nóbrega", "Jardim", "Faria", "Quintal", "Pestana", "Spínola", "Henriques",
			"Caldeira",
		},
	},
}
