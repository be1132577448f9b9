int	tabs;   
	
  

